import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { JUDGE_PHOTO_MAX_BYTES } from '@domain/judge';
import { createRecordSecret } from '@domain/record-secret';
import sharp from 'sharp';
import { exifWithArtistAndGps, jpegOfSize, realImage, withJpegSegments } from '../../../tests/setup/photos';
import { json, testEnv, useTestApp } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { signIn, withCookie } from '../auth/sign-in-for-tests';

/** A real 1x1 PNG. */
const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);
/** Decodable JPEG and WebP photos, made in beforeAll; the server decodes every photo it stores. */
let JPEG: Uint8Array<ArrayBuffer>;
let WEBP: Uint8Array<ArrayBuffer>;
const GIF = Uint8Array.from(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
/** A JPEG's first bytes and nothing else: recognised by its type, but not an image. */
const JPEG_START_ONLY = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

beforeAll(async () => {
  JPEG = await realImage('jpeg');
  WEBP = await realImage('webp');
});

/** An application as the device sends it: with the record secret it made (ADR 009). */
function application(overrides: Record<string, string> = {}) {
  return {
    recordSecret: createRecordSecret(),
    id: randomUUID(),
    name: 'Lakshmi Iyer',
    expertise: 'Classical Dancer',
    experience: '12',
    bio: 'Bharatanatyam teacher for twelve years.',
    ...overrides,
  };
}

function form(fields: Record<string, string>, photo?: { bytes: Uint8Array<ArrayBuffer>; type?: string; name?: string }): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  if (photo) data.set('photo', new Blob([photo.bytes], { type: photo.type ?? 'image/png' }), photo.name ?? 'photo.png');
  return data;
}

describe.each(testDatabaseKinds())('POST /api/judges on %s', (kind) => {
  // This file sends ~50 applications from one address (in-process requests have none): more
  // than the per-address burst, which rate-limits.test.ts covers.
  const t = useTestApp(kind, { env: testEnv({ PUBLIC_WRITE_LIMIT_FACTOR: '10' }) });

  const post = (body: FormData) => t.request('/api/judges', { method: 'POST', body });

  it('stores an application with a PNG photo, recognised by its bytes', async () => {
    const fields = application();
    const response = await post(form(fields, { bytes: PNG }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      status: 'created',
      id: fields.id,
      application: {
        id: fields.id,
        name: 'Lakshmi Iyer',
        expertise: 'Classical Dancer',
        experience: 12,
        bio: 'Bharatanatyam teacher for twelve years.',
        hasPhoto: true,
        createdAt: expect.stringMatching(/Z$/),
      },
    });
    const [row] = await t.database.rows<{ photo_type: string; photo_size: number; photo: Uint8Array }>(
      sql`select photo_type, photo_size, photo from judge_applications where id = ${fields.id}`,
    );
    expect(row?.photo_type).toBe('image/png');
    expect(row?.photo_size).toBe(row?.photo.byteLength);
    expect(await sharp(Buffer.from(row?.photo ?? [])).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
  });

  it('strips EXIF (GPS position, artist) from a JPEG: what is stored and served back has none', async () => {
    const exif = exifWithArtistAndGps('Jane Photographer');
    const tagged = withJpegSegments(JPEG, [{ marker: 0xe1, payload: exif }]);
    expect((await sharp(tagged).metadata()).exif?.includes('Jane Photographer')).toBe(true);
    const fields = application();
    expect((await post(form(fields, { bytes: tagged, type: 'image/jpeg', name: 'portrait.jpg' }))).status).toBe(201);

    const photo = await t.request(`/api/judges/${fields.id}/photo`, withCookie(await signIn(t)));
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    const served = Buffer.from(await photo.arrayBuffer());
    expect(served.includes('Jane Photographer')).toBe(false);
    expect(served.includes('Exif\0\0')).toBe(false);
    const metadata = await sharp(served).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect([metadata.exif, metadata.xmp, metadata.iptc, metadata.icc]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it.each(['png', 'webp'] as const)('strips EXIF from a %s too', async (format) => {
    const image = sharp({ create: { width: 20, height: 20, channels: 3, background: '#ffd35c' } });
    const tagged = await image[format]()
      .withExif({ IFD0: { Artist: 'Jane Photographer' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '13/1 4/1 5/1' } })
      .toBuffer();
    expect(tagged.includes('Jane Photographer')).toBe(true);
    const fields = application();
    expect((await post(form(fields, { bytes: Uint8Array.from(tagged), type: `image/${format}` }))).status).toBe(201);
    const [row] = await t.database.rows<{ photo: Uint8Array }>(sql`select photo from judge_applications where id = ${fields.id}`);
    const stored = Buffer.from(row?.photo ?? []);
    expect(stored.includes('Jane Photographer')).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });

  it('turns a photo upright and keeps it within 1024 px, as the device does', async () => {
    // 2000 x 1000 pixels, stored sideways with EXIF orientation 6 (rotate 90° to view).
    const sideways = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#5b2a86' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const fields = application();
    expect((await post(form(fields, { bytes: Uint8Array.from(sideways), type: 'image/jpeg' }))).status).toBe(201);
    const [row] = await t.database.rows<{ photo: Uint8Array }>(sql`select photo from judge_applications where id = ${fields.id}`);
    const metadata = await sharp(Buffer.from(row?.photo ?? [])).metadata();
    expect([metadata.width, metadata.height, metadata.orientation]).toEqual([512, 1024, undefined]);
  });

  it('answers 415 for a file that starts like an image but is not one', async () => {
    const fields = application();
    const response = await post(form(fields, { bytes: JPEG_START_ONLY, type: 'image/jpeg' }));
    expect(response.status).toBe(415);
    expect((await response.json()).error).toEqual({
      code: 'unsupported_media_type',
      message: 'The photo could not be read. It may be damaged: choose another JPEG, PNG, WebP or GIF photo.',
    });
  });

  it.each([
    ['JPEG', () => JPEG, 'image/jpeg'],
    ['GIF', () => GIF, 'image/gif'],
    ['WebP', () => WEBP, 'image/webp'],
  ])('accepts a %s photo whatever type the sender declared', async (_label, bytes, expected) => {
    const fields = application();
    const response = await post(form(fields, { bytes: bytes(), type: 'application/octet-stream', name: 'upload.bin' }));
    expect(response.status).toBe(201);
    const [row] = await t.database.rows<{ photo_type: string }>(sql`select photo_type from judge_applications where id = ${fields.id}`);
    expect(row?.photo_type).toBe(expected);
  });

  it('stores an application without a photo, including the empty part a form sends', async () => {
    const none = await post(form(application()));
    expect(none.status).toBe(201);
    expect((await none.json()).application.hasPhoto).toBe(false);
    const empty = await post(form(application(), { bytes: new Uint8Array(0), type: 'application/octet-stream', name: '' }));
    expect(empty.status).toBe(201);
    expect((await empty.json()).application.hasPhoto).toBe(false);
  });

  it('answers 415 with a clear message for a file that is not a JPEG, PNG, WebP or GIF', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const fields = application();
    const response = await post(form(fields, { bytes: svg, type: 'image/png', name: 'photo.png' }));
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      error: { code: 'unsupported_media_type', message: 'The photo must be a JPEG, PNG, WebP or GIF image.' },
    });
    const [row] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from judge_applications where id = ${fields.id}`);
    expect(Number(row?.n)).toBe(0);
  });

  it('answers 413 for a photo over 5 MB, and for a body over the 6 MB upload limit', async () => {
    const big = new Uint8Array(JUDGE_PHOTO_MAX_BYTES + 1);
    big.set(PNG);
    const response = await post(form(application(), { bytes: big }));
    expect(response.status).toBe(413);
    expect((await response.json()).error).toEqual({
      code: 'payload_too_large',
      message: 'The photo is larger than 5 MB. Choose a smaller photo.',
    });
    const huge = new Uint8Array(7 * 1024 * 1024);
    huge.set(PNG);
    const tooBig = await post(form(application(), { bytes: huge }));
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error.code).toBe('payload_too_large');
  });

  it('accepts a photo of exactly 5 MB, and stores it without the 5 MB of padding', async () => {
    const max = await jpegOfSize(JUDGE_PHOTO_MAX_BYTES);
    expect(max.byteLength).toBe(JUDGE_PHOTO_MAX_BYTES);
    const fields = application();
    expect((await post(form(fields, { bytes: max, type: 'image/jpeg' }))).status).toBe(201);
    const [row] = await t.database.rows<{ photo_size: number }>(sql`select photo_size from judge_applications where id = ${fields.id}`);
    expect(row?.photo_size).toBeLessThan(10_000);
  });

  it('is idempotent by id: the same fields and photo are a duplicate, another photo is a conflict', async () => {
    const fields = application();
    const first = await (await post(form(fields, { bytes: PNG }))).json();
    const replay = await post(form(fields, { bytes: PNG, name: 'renamed.png' }));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ status: 'duplicate', id: fields.id, application: first.application });

    const otherPhoto = await post(form(fields, { bytes: GIF }));
    expect(otherPhoto.status).toBe(409);
    expect((await otherPhoto.json()).error).toMatchObject({ code: 'conflict', current: first.application });
    const otherBio = await post(form({ ...fields, bio: 'Changed.' }, { bytes: PNG }));
    expect(otherBio.status).toBe(409);
    const [row] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from judge_applications where id = ${fields.id}`);
    expect(Number(row?.n)).toBe(1);
  });

  it("answers a stranger's replay or conflict with the status alone: no name, bio or photo details", async () => {
    const fields = application({ name: 'Meenakshi Sundaram', bio: 'Carnatic vocalist, lives in Mylapore.' });
    await post(form(fields, { bytes: PNG }));
    const { recordSecret: _secret, ...noSecret } = fields;
    const replay = await post(form(noSecret, { bytes: PNG }));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ status: 'duplicate', id: fields.id });
    for (const probe of [{ ...noSecret, bio: 'Probe' }, { ...fields, recordSecret: createRecordSecret(), bio: 'Probe' }]) {
      const response = await post(form(probe));
      expect(response.status).toBe(409);
      const body = await response.json();
      expect(body).toEqual({ error: { code: 'conflict', message: 'A different application was already sent with this id.' } });
      expect(JSON.stringify(body)).not.toMatch(/Meenakshi|Mylapore|hasPhoto/);
    }
    const created = await post(form(application({ recordSecret: '' })));
    expect(created.status).toBe(201);
    expect(Object.keys(await created.json()).sort()).toEqual(['id', 'status']);
  });

  it('answers 422 for a malformed record secret', async () => {
    const response = await post(form(application({ recordSecret: 'XYZ' }), { bytes: PNG }));
    expect(response.status).toBe(422);
    expect((await response.json()).error.fields).toEqual({
      recordSecret: 'The record secret must be 32 to 128 lower-case hexadecimal characters.',
    });
  });

  it('leaves one row when 20 identical uploads race', async () => {
    const fields = application();
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(form(fields, { bytes: PNG }))));
    expect(responses.map((r) => r.status).sort()).toEqual([...Array<number>(19).fill(200), 201]);
  });

  it('answers 422 with field messages for bad text fields', async () => {
    const response = await post(form(application({ name: ' ', expertise: 'Juggler', experience: '61', bio: 'x'.repeat(1001) })));
    expect(response.status).toBe(422);
    expect((await response.json()).error.fields).toEqual({
      name: 'Enter your name.',
      expertise: 'Choose your expertise from the list.',
      experience: 'Experience must be at most 60 years.',
      bio: 'Keep a short bio under 1,000 characters.',
    });
    const missing = await post(form({ id: randomUUID() }));
    expect(missing.status).toBe(422);
    expect(Object.keys((await missing.json()).error.fields).sort()).toEqual(['bio', 'experience', 'expertise', 'name']);
    const textPhoto = await post(form(application({ photo: 'data:image/png;base64,AAAA' })));
    expect(textPhoto.status).toBe(422);
    expect((await textPhoto.json()).error.fields.photo).toBe('Attach the photo as an image file.');
  });

  it('answers 415 to JSON or url-encoded bodies and 400 to broken multipart', async () => {
    const asJson = await t.request('/api/judges', json(application()));
    expect(asJson.status).toBe(415);
    expect((await asJson.json()).error.message).toBe('Send the application as multipart/form-data.');
    const urlEncoded = await t.request('/api/judges', { method: 'POST', body: new URLSearchParams(application()) });
    expect(urlEncoded.status).toBe(415);
    const broken = await t.request('/api/judges', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="id"\r\n\r\nabc',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.code).toBe('bad_request');
  });
});
