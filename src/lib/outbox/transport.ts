import { createApiClient, type ApiClient } from '@/lib/api-client';
import { outboxKind, type OutboxRecord } from './kinds';
import {
  batchVerdicts,
  NO_CONNECTION_VERDICT,
  isTransientStatus,
  signedOutVerdict,
  transientVerdict,
  verdictOfResponse,
  type Verdict,
  type WireResponse,
} from './protocol';

/**
 * The one part of the outbox that speaks HTTP, through the typed API client: is the server
 * reachable, and what did it say to a group of records (a batch, single sends, or a batch that
 * falls back to single sends). It answers one verdict per record and changes nothing on the device;
 * the sync store records the verdicts, the engine decides when to ask.
 */
export class Transport {
  private readonly api: ApiClient;

  constructor(fetcher: typeof fetch) {
    this.api = createApiClient(fetcher);
  }

  /** The light probe (GET /api/health): the server answers and its database is up. */
  async reachable(): Promise<boolean> {
    try {
      const response = await this.api.health.$get(undefined, { init: { cache: 'no-store' } });
      if (!response.ok) return false;
      const body: unknown = await response.json();
      return !!body && typeof body === 'object' && (body as { ok?: unknown }).ok === true;
    } catch {
      return false;
    }
  }

  /**
   * Sends claimed records of one kind and answers one verdict per record, in order: as one batch
   * where the kind has batches (a batch refused as a whole goes again one by one), else one by
   * one. One by one stops at the first answer that will not change by sending on (no connection, a
   * server fault, a rate limit, an ended sign-in): the records not sent get that same verdict.
   */
  async send(records: OutboxRecord[]): Promise<Verdict[]> {
    const spec = outboxKind(records[0]!.kind);
    if (spec.batch) {
      const verdicts = await this.sendBatch(records);
      if (verdicts) return verdicts;
    }
    const verdicts: Verdict[] = [];
    for (const record of records) {
      const verdict = await this.sendOne(record);
      verdicts.push(verdict);
      if (verdict.kind === 'transient' || verdict.kind === 'signed-out') {
        while (verdicts.length < records.length) verdicts.push(verdict);
        break;
      }
    }
    return verdicts;
  }

  /** The batch's verdicts, or null when the batch as a whole was refused (then each goes alone). */
  private async sendBatch(records: OutboxRecord[]): Promise<Verdict[] | null> {
    const spec = outboxKind(records[0]!.kind);
    const batch = spec.batch!;
    const response = await this.ask(() => batch.request(records, this.api));
    if (!response) return records.map(() => NO_CONNECTION_VERDICT);
    const signedOut = spec.needsSignIn ? signedOutVerdict(response) : null;
    if (signedOut) return records.map(() => signedOut);
    if (isTransientStatus(response.status)) {
      const verdict = transientVerdict(response);
      return records.map(() => verdict);
    }
    // Refused as a whole; send one by one so each record gets its own answer (a kind with only a
    // batch endpoint sends batches of one, and a refused batch of one is that record's answer).
    if (!response.ok) return spec.request || records.length > 1 ? null : [await verdictOfResponse(response)];
    return batchVerdicts(records, await response.json().catch(() => null), batch.rules);
  }

  private async sendOne(record: OutboxRecord): Promise<Verdict> {
    const spec = outboxKind(record.kind);
    const request = spec.request;
    if (!request) return (await this.sendBatch([record]))![0]!;
    const response = await this.ask(() => request(record, this.api));
    if (!response) return NO_CONNECTION_VERDICT;
    return (spec.needsSignIn ? signedOutVerdict(response) : null) ?? (await verdictOfResponse(response));
  }

  /** The answer, or null when none came (offline, connection cut, DNS). */
  private async ask(request: () => Promise<WireResponse>): Promise<WireResponse | null> {
    try {
      return await request();
    } catch {
      return null;
    }
  }
}
