import { recordsAsJson, type OutboxRecord } from '@/lib/outbox';

/** "Export as JSON" on /saved: every record on the device, never with a record's secret (`recordsAsJson`). */
export async function downloadOutbox(records: OutboxRecord[]): Promise<void> {
  const json = await recordsAsJson(records);
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `ktc-saved-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
