import { recordsAsJson, type OutboxRecord } from '@/lib/outbox';
import { saveFile } from '@/lib/save-file';

/** "Export as JSON" on /saved: every record on the device, never with a record's secret (`recordsAsJson`). */
export async function downloadOutbox(records: OutboxRecord[]): Promise<void> {
  const json = await recordsAsJson(records);
  saveFile(new Blob([json], { type: 'application/json' }), `ktc-saved-${new Date().toISOString().slice(0, 10)}.json`);
}
