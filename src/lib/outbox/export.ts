import type { OutboxRecord } from './kinds';

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/**
 * Records as plain JSON (photos as data URLs): the last-resort escape hatch, and the one way any
 * record leaves the device as a file (the saved-records page, venue mode's end of day). A file
 * travels further than the phone, so each record's secret and credential stay behind: with them,
 * whoever holds the file could read the server's current copy of the record (ADR 009), or the
 * family's page. `about` adds top-level
 * fields (venue mode: the session).
 */
export async function recordsAsJson(records: OutboxRecord[], about: Record<string, unknown> = {}, exportedAt = new Date()): Promise<string> {
  const plain = await Promise.all(
    records.map(async ({ recordSecret: _secret, credential: _credential, ...record }) => {
      if (record.kind !== 'judge') return record;
      const { photo, ...rest } = record;
      return { ...rest, photo: photo ? await blobToDataUrl(photo) : null };
    }),
  );
  return JSON.stringify({ exportedAt: exportedAt.toISOString(), ...about, records: plain }, null, 2);
}
