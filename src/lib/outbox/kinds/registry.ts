import type { OutboxRecord } from '../outbox-db';
import type { BatchKind } from './batch-kind';
import { checkInKind } from './check-in';
import { feeKind } from './fee';
import { walkInKind } from './walk-in';

/**
 * The batch kinds, in the order they are sent: walk-ins first, so a fee or check-in for a
 * walk-in finds its registration on the server.
 */
export const BATCH_KINDS = [walkInKind, checkInKind, feeKind] as unknown as readonly BatchKind<OutboxRecord>[];

export function batchKindOf(kind: OutboxRecord['kind']): BatchKind<OutboxRecord> | undefined {
  return BATCH_KINDS.find((spec) => spec.kind === kind);
}
