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

/** What the judge application's save function stores: the parsed application and its scaled photo. */
export type JudgeInput = { payload: JudgeApplicationInput; photo: { blob: Blob; name: string } | null };

export const judgeKind = defineKind<JudgeRecord, JudgeInput>({
  kind: 'judge',
  label: 'Judge application',
  nouns: ['judge application', 'judge applications'],
  title: (record) => String(record.payload.name ?? ''),
  create: ({ payload, photo }) => ({ payload, photo: photo?.blob ?? null, photoName: photo?.name ?? null }),
  // A multipart form (the photo); fields left out are not sent at all.
  request: (record, api) => {
    const { payload } = record;
    const form: Record<string, string | File> = {
      id: payload.id,
      name: String(payload.name ?? ''),
      expertise: String(payload.expertise ?? ''),
      experience: String(payload.experience ?? ''),
      bio: String(payload.bio ?? ''),
    };
    if (payload.email) form.email = String(payload.email);
    if (record.recordSecret) form[RECORD_SECRET_FIELD] = record.recordSecret;
    if (record.photo) form.photo = new File([record.photo], record.photoName ?? 'photo', { type: record.photo.type });
    return api.judges.$post({ form });
  },
  // Once sent, the photo is no longer needed on the device.
  synced: () => ({ photo: null }),
});
