import type { JudgeApplicationInput } from '@domain/judge';
import { RECORD_SECRET_FIELD } from '@domain/record-secret';
import type { RecordBase } from '../record';
import { defineKind } from './kind';

export type JudgeRecord = RecordBase & {
  kind: 'judge';
  payload: JudgeApplicationInput;
  /** Already scaled on the device; kept until it is uploaded. */
  photo: Blob | null;
  photoName: string | null;
};

export const judgeKind = defineKind<JudgeRecord>({
  kind: 'judge',
  label: 'Judge application',
  nouns: ['judge application', 'judge applications'],
  title: (record) => String(record.payload.name ?? ''),
  request: (record) => {
    const form = new FormData();
    const { payload } = record;
    form.set('id', payload.id);
    form.set('name', String(payload.name ?? ''));
    form.set('expertise', String(payload.expertise ?? ''));
    form.set('experience', String(payload.experience ?? ''));
    form.set('bio', String(payload.bio ?? ''));
    if (payload.email) form.set('email', String(payload.email));
    if (record.recordSecret) form.set(RECORD_SECRET_FIELD, record.recordSecret);
    if (record.photo) form.set('photo', record.photo, record.photoName ?? 'photo');
    return ['/api/judges', { method: 'POST', headers: { 'X-Requested-With': 'fetch' }, body: form }];
  },
  // Once sent, the photo is no longer needed on the device.
  synced: () => ({ photo: null }),
});
