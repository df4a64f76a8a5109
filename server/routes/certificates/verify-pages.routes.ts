import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { Hono, type Context } from 'hono';
import { certificateIdSchema } from '@domain/certificates';
import type { Language } from '@domain/languages';
import type { AppEnv } from '../../context';
import { sameOrigin } from '../../lib/csrf';
import { ApiError } from '../../lib/errors';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import type { CertificateRow } from '../../db/stores/certificate-store';
import { CHECK_LIMIT_BYTES, checkedFile, fileMatches, lookUpCertificate, verificationOf, type CheckedFile } from './verification';
import { publicUrl } from '../../env';
import { checkProblemPage, notOursPage, refusalPage, verifyPage, type At, type CheckProblem } from './verify-page';

/** The form around the file: its part's headers and the boundaries are a few hundred bytes. */
const FORM_LIMIT_BYTES = CHECK_LIMIT_BYTES + 64 * 1024;

const audited = () => readsPersonalData('read.certificate.verify', 'registration');
const at = (c: Context<AppEnv>, language: Language): At => ({ language, origin: publicUrl(c.var.deps.env) });

/**
 * The certificate check page (issue 49), where a certificate's QR code leads: written by the
 * server with no script, so a school or a parent on a slow phone sees the answer with the first
 * paint. The same lookup, rate limit and read audit as GET /api/verify/:id (./verification.ts).
 * A PDF someone was given is checked by a plain form (multipart), streamed and hashed as it
 * arrives, never held; the answer is the same page with the verdict under the form.
 */
export const verifyPageRoutes = new Hono<AppEnv>()
  .get('/verify/:id', audited(), (c) => show(c, at(c, 'en')))
  .get('/ta/verify/:id', audited(), (c) => show(c, at(c, 'ta')))
  .post('/verify/:id/check', audited(), (c) => check(c, at(c, 'en')))
  .post('/ta/verify/:id/check', audited(), (c) => check(c, at(c, 'ta')));


type Found = { row: CertificateRow } | { response: Response };

/** The certificate the page is about, or the page to answer instead (not ours, too many checks). */
async function find(c: Context<AppEnv>, at: At): Promise<Found> {
  const raw = c.req.param('id') ?? '';
  const parsed = certificateIdSchema.safeParse({ id: raw });
  if (!parsed.success) return { response: c.html(notOursPage(at, raw), 404) };
  try {
    const row = await lookUpCertificate(c, parsed.data.id);
    return row ? { row } : { response: c.html(notOursPage(at, parsed.data.id), 404) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 429) throw error;
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    c.header('Cache-Control', 'no-store');
    return { response: c.html(refusalPage(at, parsed.data.id, error.message), 429) };
  }
}

async function show(c: Context<AppEnv>, at: At) {
  c.header('Content-Language', at.language);
  // Asked again each time (a 304 when unchanged): a revocation shows at once.
  c.header('Cache-Control', 'public, no-cache');
  const found = await find(c, at);
  if ('response' in found) return found.response;
  const html = verifyPage(at, await verificationOf(c, found.row));
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  c.header('ETag', etag);
  if (c.req.header('if-none-match') === etag) return c.body(null, 304);
  return c.html(html, 200);
}

async function check(c: Context<AppEnv>, at: At) {
  c.header('Content-Language', at.language);
  c.header('Cache-Control', 'no-store');
  const problem = (kind: CheckProblem, status: 400 | 403 | 413) =>
    c.html(checkProblemPage(at, encodeURIComponent((c.req.param('id') ?? '').trim().toLowerCase().slice(0, 40)), kind), status);
  // Another site's form could spend this address's checks; the browser always sends Origin with a form.
  if (!sameOrigin(c)) return problem('other-site', 403);
  const found = await find(c, at);
  if ('response' in found) return found.response;
  if (Number(c.req.header('content-length')) > FORM_LIMIT_BYTES) return problem('too-large', 413);
  const body = c.req.raw.body;
  const type = c.req.header('content-type') ?? '';
  if (!body || !type.startsWith('multipart/form-data')) return problem('not-a-form', 400);
  const file = await fileOfForm(body, type);
  if (file === 'not-a-form') return problem('not-a-form', 400);
  if (file.kind === 'too-large') return problem('too-large', 413);
  if (file.kind === 'empty') return problem('missing', 400);
  readAudit(c).details.checkedBytes = file.bytes;
  const verification = await verificationOf(c, found.row);
  return c.html(verifyPage(at, verification, { matches: fileMatches(found.row, file) }), 200);
}

class FormTooLarge extends Error {}

/**
 * The form's `file` part, hashed as it streams through busboy (never held whole); other parts
 * are read and dropped. A form with no file part, or an empty one (a browser sends that when
 * nothing was chosen), is empty.
 */
async function fileOfForm(body: ReadableStream<Uint8Array>, contentType: string): Promise<CheckedFile | 'not-a-form'> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 16 } });
  } catch {
    return 'not-a-form';
  }
  let file: Promise<CheckedFile> | undefined;
  parser.on('file', (name, stream) => {
    if (name !== 'file' || file) {
      stream.resume();
      return;
    }
    file = checkedFile(stream);
    // Awaited below once the form is read; if reading fails first, that error is the one answered.
    file.catch(() => undefined);
  });
  try {
    await pipeline(async function* () {
      let bytes = 0;
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        if (bytes > FORM_LIMIT_BYTES) throw new FormTooLarge();
        yield chunk;
      }
    }, parser);
  } catch (error) {
    if (error instanceof FormTooLarge) return { kind: 'too-large', bytes: FORM_LIMIT_BYTES };
    // busboy's own complaints (no boundary, the form cut short) mean it was not a whole form.
    return 'not-a-form';
  }
  return file ? await file : { kind: 'empty' };
}
