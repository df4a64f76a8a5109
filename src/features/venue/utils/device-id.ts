import { useSyncExternalStore } from 'react';

const KEY = 'ktc-device-id';
const NAME_KEY = 'ktc-device-name';
const NAMED_AT_KEY = 'ktc-device-named-at';

type Storage2 = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * A random id made once per installation (browser profile), carried by every venue record so the
 * admin sees which phone did what. Not personal data: "Clear this device" keeps it.
 */
export function deviceId(storage: Storage2 = localStorage): string {
  const existing = storage.getItem(KEY);
  if (existing && /^[A-Za-z0-9_-]{8,64}$/.test(existing)) return existing;
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  const made = `dev-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  storage.setItem(KEY, made);
  return made;
}

/**
 * The name staff gave this device ("Hall phone 2"), or null before they did. It travels with the
 * device's records, so the server, the admin and other phones say the name, not the id. Kept
 * by "Clear this device", like the id.
 */
export function deviceName(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  return storage.getItem(NAME_KEY)?.trim() || null;
}

/** When this device was given its name (ISO), or null for a name given before that was kept. */
export function deviceNamedAt(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  const value = storage.getItem(NAMED_AT_KEY);
  return value && !Number.isNaN(Date.parse(value)) ? value : null;
}

const listeners = new Set<() => void>();

/** Names (or renames) this device; every screen showing the name updates. */
export function nameDevice(name: string, storage: Storage2 = localStorage, now: Date = new Date()): void {
  storage.setItem(NAME_KEY, name.trim());
  storage.setItem(NAMED_AT_KEY, now.toISOString());
  listeners.forEach((listener) => listener());
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab of venue mode on this phone named it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === NAME_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** This device's name, live. */
export function useDeviceName(): string | null {
  return useSyncExternalStore(subscribe, () => deviceName(), () => null);
}
