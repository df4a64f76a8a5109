import { useEffect, useState } from 'react';

/**
 * Entries a judge keeps on this device to score offline (issue 24): the files go into the Cache
 * Storage under their own addresses, so the page shows the kept copy when the network is gone.
 * Photos are small and kept together; a video is kept only when the judge chooses it.
 */
const CACHE = 'ktc-judge-entries';

async function cache(): Promise<Cache | null> {
  return typeof caches === 'undefined' ? null : caches.open(CACHE);
}

/** Keeps these files; answers how many bytes they took. A file that will not download is skipped (the next try gets it). */
export async function keepOnDevice(hrefs: readonly string[]): Promise<{ kept: number; bytes: number }> {
  const store = await cache();
  if (!store) return { kept: 0, bytes: 0 };
  let kept = 0;
  let bytes = 0;
  for (const href of hrefs) {
    if (await store.match(href)) {
      kept++;
      continue;
    }
    const response = await fetch(href, { credentials: 'same-origin' }).catch(() => null);
    if (!response?.ok) continue;
    bytes += Number(response.headers.get('Content-Length') ?? 0);
    await store.put(href, response);
    kept++;
  }
  return { kept, bytes };
}

export async function keptHrefs(): Promise<Set<string>> {
  const store = await cache();
  if (!store) return new Set();
  return new Set((await store.keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search));
}

/** Forgets every kept file (after the round, or to free the phone's space). */
export async function releaseKept(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(CACHE);
}

/** How much this site stores on the device and how much it may, when the browser says. */
export async function storageUse(): Promise<{ usage: number; quota: number } | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  return estimate?.usage !== undefined && estimate.quota !== undefined ? { usage: estimate.usage, quota: estimate.quota } : null;
}

/**
 * The address to show a file from: the network's while online; the kept copy (as a blob URL)
 * when offline and kept. The blob URL is revoked when the component lets go of it.
 */
export function useEntryFile(href: string): string {
  const [kept, setKept] = useState<{ href: string; url: string } | null>(null);
  useEffect(() => {
    if (typeof navigator !== 'undefined' && navigator.onLine) return;
    let url: string | null = null;
    let live = true;
    void cache()
      .then((store) => store?.match(href))
      .then(async (response) => {
        if (!response || !live) return;
        url = URL.createObjectURL(await response.blob());
        setKept({ href, url });
      });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [href]);
  return kept?.href === href ? kept.url : href;
}
