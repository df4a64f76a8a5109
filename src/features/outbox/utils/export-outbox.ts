import type { OutboxRecord } from '@/lib/outbox/outbox-db';

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/**
 * Everything on the device as plain JSON (photos as data URLs): the last-resort escape hatch. A
 * file travels further than the phone, so each record's secret stays behind: with it, whoever
 * holds the file could read the server's current copy of the record (ADR 009).
 */
export async function outboxAsJson(records: OutboxRecord[], exportedAt = new Date()): Promise<string> {
  const plain = await Promise.all(
    records.map(async ({ recordSecret: _secret, ...record }) => {
      if (record.kind !== 'judge') return record;
      const { photo, ...rest } = record;
      return { ...rest, photo: photo ? await blobToDataUrl(photo) : null };
    }),
  );
  return JSON.stringify({ exportedAt: exportedAt.toISOString(), records: plain }, null, 2);
}

export async function downloadOutbox(records: OutboxRecord[]): Promise<void> {
  const json = await outboxAsJson(records);
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `ktc-saved-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
