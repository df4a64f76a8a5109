import { Hono, type Context } from 'hono';
import { judgeApplicationSchema, JUDGE_PHOTO_MAX_BYTES, sniffImageType } from '@domain/judge';
import type { AppEnv } from '../../context';
import { ApiError, invalid, validate } from '../../lib/errors';
import { sha256Hex } from '../../lib/content-hash';
import { limitPublicWrite } from '../../lib/rate-limits';
import { recordSecretHash } from '../../lib/record-secret';
import { cleanPhoto, UnreadablePhotoError } from './clean-photo';
import { createJudgeApplication, type JudgePhoto } from '../../db/stores/judge-store';

const PHOTO_TYPES_MESSAGE = 'The photo must be a JPEG, PNG, WebP or GIF image.';
const UNREADABLE_MESSAGE = 'The photo could not be read. It may be damaged: choose another JPEG, PNG, WebP or GIF photo.';

/** Public: POST /api/judges (multipart, idempotent by id; the stored copy only for the record's secret). */
export const judgeRoutes = new Hono<AppEnv>().post('/', async (c) => {
  await limitPublicWrite(c, [{ bucket: 'judges', cost: 1 }]);
  const form = await readMultipart(c);
  const { photo: photoField, ...fields } = form;
  const application = validate(judgeApplicationSchema, fields);
  const secretHash = recordSecretHash(fields);
  const photo = await readPhoto(photoField);
  if (photo) {
    const stored = photo.bytes.byteLength;
    await limitPublicWrite(c, [
      { bucket: 'photoBytes', cost: stored },
      { bucket: 'photoBytesEveryone', cost: stored },
    ]);
  }
  const outcome = await createJudgeApplication(c.var.deps.database.db, application, photo, secretHash);
  const shown = outcome.visible ? { application: outcome.stored } : {};
  if (outcome.status === 'conflict') {
    throw new ApiError(409, 'conflict', 'A different application was already sent with this id.', undefined, shown.application);
  }
  return outcome.status === 'created'
    ? c.json({ status: 'created' as const, id: application.id, ...shown }, 201)
    : c.json({ status: 'duplicate' as const, id: application.id, ...shown }, 200);
});

async function readMultipart(c: Context<AppEnv>): Promise<Record<string, string | File>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the application as multipart/form-data.');
  }
  try {
    return await c.req.parseBody();
  } catch {
    throw new ApiError(400, 'bad_request', 'The form data could not be read.');
  }
}

/**
 * No photo, or a JPEG/PNG/WebP/GIF of at most 5 MB, recognised by its first bytes, decoded and
 * stored without any of its metadata.
 */
async function readPhoto(field: string | File | undefined): Promise<JudgePhoto | null> {
  if (field === undefined || field === '') return null;
  if (typeof field === 'string') {
    throw invalid({ photo: 'Attach the photo as an image file.' });
  }
  // A form with no file chosen still sends an empty file part.
  if (field.size === 0) return null;
  if (field.size > JUDGE_PHOTO_MAX_BYTES) {
    throw new ApiError(413, 'payload_too_large', 'The photo is larger than 5 MB. Choose a smaller photo.');
  }
  const sent = new Uint8Array(await field.arrayBuffer());
  const type = sniffImageType(sent);
  if (!type) throw new ApiError(415, 'unsupported_media_type', PHOTO_TYPES_MESSAGE);
  try {
    return { bytes: await cleanPhoto(sent, type), type, sentSha256: sha256Hex(sent) };
  } catch (error) {
    if (error instanceof UnreadablePhotoError) throw new ApiError(415, 'unsupported_media_type', UNREADABLE_MESSAGE);
    throw error;
  }
}
