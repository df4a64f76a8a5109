import type { RecordBase } from '../record';
import { defineKind } from './kind';

/**
 * A judge's score sheet, saved on the judge's device first: a judge on a train (issue 24) or on a
 * tablet in a hall with no connection (issue 45) scores offline and the sheets go once, in order,
 * when the connection is back. The server keeps the judge's last edit (`editedAt`), so a sheet
 * sent twice, or an older one arriving after a newer one, changes nothing. Only a signed-in judge
 * may send it.
 */
export type EntrySheetPayload = {
  /** This save's id (the outbox's key); the server's key is the judge and the entry. */
  id: string;
  entryId: string;
  scores: Record<string, number>;
  comment: string;
  /** The note to the family (issue 49); sheets saved before it have none. */
  familyNote?: string;
  editedAt: string;
};

/** A live performance's sheet (issue 45): the server's key is the judge, the session and the running number. */
export type LiveSheetPayload = {
  id: string;
  sessionId: string;
  number: number;
  scores: Record<string, number>;
  note: string;
  /** "I know this performer": the judge steps back from this one. */
  recused: boolean;
  editedAt: string;
};

export type ScorePayload = EntrySheetPayload | LiveSheetPayload;

export const isLiveSheet = (payload: ScorePayload): payload is LiveSheetPayload => 'sessionId' in payload;

export type ScoreRecord = RecordBase & {
  kind: 'score';
  payload: ScorePayload;
  /** The entry's blind number (or the performer's running number) and contest, for the saved-records page. */
  entryNumber: number;
  contest: string;
};

export type ScoreInput = { payload: ScorePayload; entryNumber: number; contest: string };

export const scoreKind = defineKind<ScoreRecord, ScoreInput>({
  kind: 'score',
  label: 'Score sheet',
  nouns: ['score sheet', 'score sheets'],
  title: (record) => (isLiveSheet(record.payload) ? `Performer ${record.entryNumber} (${record.contest})` : `Entry ${record.entryNumber} (${record.contest})`),
  create: ({ payload, entryNumber, contest }) => ({ payload, entryNumber, contest }),
  needsSignIn: true,
  request: (record, api) => {
    const payload = record.payload;
    if (isLiveSheet(payload)) {
      return api.judge.live[':sessionId'].sheets[':number'].$put({
        param: { sessionId: payload.sessionId, number: String(payload.number) },
        json: { scores: payload.scores, note: payload.note, recused: payload.recused, editedAt: payload.editedAt },
      });
    }
    return api.judge.scores[':entryId'].$put({
      param: { entryId: payload.entryId },
      json: { scores: payload.scores, comment: payload.comment, familyNote: payload.familyNote ?? '', editedAt: payload.editedAt },
    });
  },
});
