import type { RecordBase } from '../record';
import { defineKind } from './kind';

/**
 * A judge's score sheet for one entry (issue 24), saved on the judge's device first: a judge on a
 * train scores offline and the sheets go once, in order, when the connection is back. The server
 * keeps the judge's last edit (`editedAt`), so a sheet sent twice, or an older one arriving after
 * a newer one, changes nothing. Only a signed-in judge may send it.
 */
export type ScorePayload = {
  /** This save's id (the outbox's key); the server's key is the judge and the entry. */
  id: string;
  entryId: string;
  scores: Record<string, number>;
  comment: string;
  editedAt: string;
};

export type ScoreRecord = RecordBase & {
  kind: 'score';
  payload: ScorePayload;
  /** The entry's blind number and contest, for the saved-records page. */
  entryNumber: number;
  contest: string;
};

export type ScoreInput = { payload: ScorePayload; entryNumber: number; contest: string };

export const scoreKind = defineKind<ScoreRecord, ScoreInput>({
  kind: 'score',
  label: 'Score sheet',
  nouns: ['score sheet', 'score sheets'],
  title: (record) => `Entry ${record.entryNumber} (${record.contest})`,
  create: ({ payload, entryNumber, contest }) => ({ payload, entryNumber, contest }),
  needsSignIn: true,
  request: (record, api) =>
    api.judge.scores[':entryId'].$put({
      param: { entryId: record.payload.entryId },
      json: { scores: record.payload.scores, comment: record.payload.comment, editedAt: record.payload.editedAt },
    }),
});
