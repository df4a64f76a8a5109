/**
 * The outbox's one public surface: everything a feature does with records saved on the device
 * goes through here (lint forbids importing anything deeper, ARCHITECTURE.md "The outbox").
 *
 * - store a record of a kind: `enqueue(kind, input)` from the kind's one save function;
 * - edit and resend, retry, resend, delete: `replaceRecord`, `retryRecord`, `resendRecords`,
 *   `resendAsNew`, `deleteRecord`; records waiting for a sign-in: `resumeAfterSignIn`;
 * - read, live: `useOutboxRecords`, `useOutboxRecord`; once: `listRecords`, `recordsOfKinds`, `getRecord`;
 * - export as JSON, never with a record's secret: `recordsAsJson`;
 * - clear the device: `clearRecords` (refused while anything is unsent);
 * - the tab's sync engine: `syncEngine`, `watchPendingCounts`.
 *
 * Loading this module loads Dexie. The shell's entry chunk reads only the Dexie-free
 * `outbox-exists.ts` and `outdated.ts` (src/app may import those two directly).
 */
export {
  clearRecords,
  deleteRecord,
  enqueue,
  getRecord,
  listRecords,
  onEnqueue,
  RecordBusyError,
  recordsOfKinds,
  replaceRecord,
  resendAsNew,
  resendRecords,
  resumeAfterSignIn,
  retryRecord,
  takeLegacyRosters,
  UnsentRecordsError,
} from './outbox';
export { isUnsynced } from './outbox-db';
export { useOutboxRecord, useOutboxRecords } from './outbox-queries';
export { recordsAsJson } from './export';
export { OUTBOX_KIND_NAMES, outboxKind } from './kinds';
export type {
  CheckInRecord,
  ContactRecord,
  FeeRecord,
  HeatRecord,
  MarkRecord,
  FirstRecord,
  InputOfKind,
  JudgeRecord,
  NewsletterRecord,
  OutboxKind,
  OutboxRecord,
  RecordOfKind,
  RegistrationRecord,
  LiveSheetPayload,
  ScorePayload,
  ScoreRecord,
  VenueLabels,
  VenueRecord,
  WalkInRecord,
} from './kinds';
export { isLiveSheet } from './kinds';
export type { OutboxStatus, SaveResult } from './record';
export { syncEngine, watchPendingCounts, type PendingCounts } from './sync-runtime';
export type { SyncOutcome, SyncState } from './sync-engine';
