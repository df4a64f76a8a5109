const KEY = 'ktc-device-id';

/**
 * A random id made once per installation (browser profile), carried by every venue record so the
 * admin sees which phone did what. Not personal data: "Clear this device" keeps it.
 */
export function deviceId(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): string {
  const existing = storage.getItem(KEY);
  if (existing && /^[A-Za-z0-9_-]{8,64}$/.test(existing)) return existing;
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  const made = `dev-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  storage.setItem(KEY, made);
  return made;
}
