import Dexie, { type EntityTable } from 'dexie';
import type { ContactMessageInput } from '@domain/contact';
import type { JudgeApplicationInput } from '@domain/judge';
import type { NewsletterSignupInput } from '@domain/newsletter';
import type { RegistrationInput } from '@domain/registration';
import type { FieldErrors } from '@domain/validation';
import type { CheckInInput, FeeInput, RosterEntry, WalkInMark } from '@domain/venue';

export type OutboxKind = 'registration' | 'judge' | 'contact' | 'newsletter' | 'check-in' | 'fee' | 'walk-in';
export type OutboxStatus = 'queued' | 'sending' | 'synced' | 'failed' | 'conflict';

/** What every outbox record carries, whatever it is. `id` is the client UUID (the idempotency key). */
type RecordBase = {
  id: string;
  status: OutboxStatus;
  /** How many times a send was tried. */
  attempts: number;
  createdAt: number;
  updatedAt: number;
  syncedAt: number | null;
  /** The last reason a send did not succeed, in words a person can read. */
  lastError: string | null;
  /** The server's per-field messages after a 422. */
  fieldErrors: FieldErrors | null;
  /**
   * The server's stored copy after a 409, so both versions can be shown. Null when the server
   * would not show it: it does so only for the secret below, never for a deleted record.
   */
  serverCopy: unknown;
  /**
   * Random, made on this device and sent with every write of this record: the server shows its
   * stored copy only to a caller holding it (ADR 009). Missing on records saved by builds before
   * record secrets; the sync engine gives those one before their next send. Not an index, so the
   * Dexie schema needs no new version.
   */
  recordSecret?: string;
};

export type RegistrationRecord = RecordBase & {
  kind: 'registration';
  payload: RegistrationInput;
  /** The code shown to the family; replaced by the server's if the server had to assign another. */
  referenceCode: string;
};

export type JudgeRecord = RecordBase & {
  kind: 'judge';
  payload: JudgeApplicationInput;
  /** Already scaled on the device; kept until it is uploaded. */
  photo: Blob | null;
  photoName: string | null;
};

export type ContactRecord = RecordBase & { kind: 'contact'; payload: ContactMessageInput };

export type NewsletterRecord = RecordBase & {
  kind: 'newsletter';
  payload: NewsletterSignupInput;
  /** 'subscribed' once the server has answered ('already_subscribed' only from servers before ADR 009). */
  serverStatus: 'subscribed' | 'already_subscribed' | null;
};

/** Who made a venue record (docs/product.md, "Venue mode"): the signed-in staff member, on this installation. */
type VenueRecordBase = RecordBase & {
  staffUsername: string;
  /** For the reconciliation screen and /saved, without opening the roster. */
  childName: string;
  referenceCode: string;
};

/** Another device's record reached the server first; the server kept that one. */
export type FirstRecord = { at: string; by: string; deviceId: string };

export type CheckInRecord = VenueRecordBase & {
  kind: 'check-in';
  payload: CheckInInput;
  /** Set when the server answered that another check-in of this child came first. */
  firstCheckIn: FirstRecord | null;
  /** The server's own age check (null: in the band, or no date of birth). */
  ageWarning: string | null;
};

export type FeeRecord = VenueRecordBase & {
  kind: 'fee';
  payload: FeeInput;
  firstFee: (FirstRecord & { status: 'paid' | 'waived' }) | null;
};

export type WalkInRecord = VenueRecordBase & { kind: 'walk-in'; payload: RegistrationInput & WalkInMark };

export type VenueRecord = CheckInRecord | FeeRecord | WalkInRecord;

export type OutboxRecord = RegistrationRecord | JudgeRecord | ContactRecord | NewsletterRecord | VenueRecord;

/** One roster line on the device, for one session. */
export type RosterRow = RosterEntry & { sessionId: string; searchName: string };

/** A roster downloaded to this device: where the next delta starts, and when it goes by itself. */
export type RosterState = { sessionId: string; cursor: string; downloadedAt: number; expiresAt: number; count: number };

export class OutboxDatabase extends Dexie {
  records!: EntityTable<OutboxRecord, 'id'>;
  roster!: Dexie.Table<RosterRow, [string, string]>;
  rosters!: EntityTable<RosterState, 'sessionId'>;

  constructor(name = 'ktc-outbox') {
    super(name);
    // A shipped version is never edited: add version(n+1) with an upgrade instead.
    this.version(1).stores({
      records: 'id, status, kind, createdAt, [kind+status]',
    });
    // Version 2 (venue mode, issue 15): a session's roster on the device and its download state.
    // The venue outbox kinds (check-in, fee, walk-in) live in `records` and need no new index.
    this.version(2).stores({
      records: 'id, status, kind, createdAt, [kind+status]',
      roster: '[sessionId+registrationId], sessionId, referenceCode',
      rosters: 'sessionId, expiresAt',
    });
  }
}

let shared: OutboxDatabase | null = null;

/** The one outbox of this browser profile. */
export function outboxDb(): OutboxDatabase {
  shared ??= new OutboxDatabase();
  return shared;
}

/** A record counts as waiting until the server has it. */
export function isUnsynced(record: Pick<OutboxRecord, 'status'>): boolean {
  return record.status !== 'synced';
}
