import { VENUE_BATCH_LIMIT, type VenueWho } from '@domain/venue';
import type { RecordBase } from '../record';

/**
 * What venue mode's kinds (walk-in, check-in, fee; ADR 018) share: who made the record, the
 * child it is about, and their batch size. Each kind still describes itself in its own file.
 */

/** Who made a venue record (docs/product.md, "Venue mode"): the signed-in staff member, on this installation. */
export type VenueRecordBase = RecordBase & {
  staffUsername: string;
  /** For the reconciliation screen and /saved, without opening the roster. */
  childName: string;
  referenceCode: string;
};

/** Who made a venue record and which child it is about, as its save function hands them over. */
export type VenueLabels = Pick<VenueRecordBase, 'staffUsername' | 'childName' | 'referenceCode'>;

/** What a venue kind's save function stores: the parsed payload and its labels. */
export type VenueInput<P> = { payload: P; labels: VenueLabels };

/** Another device's record reached the server first; the server kept that one. */
export type FirstRecord = VenueWho;

export const VENUE_BATCH = { limit: VENUE_BATCH_LIMIT };

/** How /saved and the reconciliation name a venue record about a child: its name and code. */
export const childTitle = (record: VenueRecordBase) => `${record.childName} (${record.referenceCode})`;
