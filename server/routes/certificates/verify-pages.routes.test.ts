import { randomBytes } from 'node:crypto';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, useTestApp, type TestApp } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { childRegistration } from '../../../tests/setup/registration-fixtures';
import { issuedCertificate } from '../../../tests/setup/certificate-fixtures';
import { createApp } from '../../app';
import { auditLog, certificates } from '../../db/schema';
import { markRendered, revokeCertificate } from '../../db/stores/certificate-store';
import { loadEnv, publicUrl } from '../../env';
import { CHECK_LIMIT_BYTES } from './verification';

/** A stand-in for the PDF we issued: only its bytes matter to the check. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(150_000)]);

async function certificateOf(t: TestApp, childName: string): Promise<string> {
  const input = childRegistration({ name: childName });
  expect((await t.request('/api/registrations', json(input))).status).toBe(201);
  const id = await issuedCertificate(t.deps, input.id, childName);
  await markRendered(t.deps.database.db, [{ id, sha256: createHash('sha256').update(PDF).digest('hex'), bytes: PDF.length }]);
  return id;
}

/** The form as a browser sends it: multipart, the chosen file in the part named `file`. */
function fileForm(bytes: Uint8Array, headers: Record<string, string> = {}): RequestInit {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], 'certificate.pdf', { type: 'application/pdf' }));
  return { method: 'POST', body: form, headers };
}

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe.each(testDatabaseKinds())('the certificate check page on %s', (kind) => {
  const t = useTestApp(kind);
  let valid = '';
  let revoked = '';
  let replacement = '';
  let tampered = '';

  beforeAll(async () => {
    valid = await certificateOf(t, 'Aaradhya Venkatesan');
    revoked = await certificateOf(t, 'Charulatha Iyer');
    replacement = await certificateOf(t, 'Charulatha Iyer');
    const { db } = t.deps.database;
    await revokeCertificate(db, revoked, 'Printed with the wrong contest', new Date('2027-05-10T10:00:00+05:30'));
    await db.update(certificates).set({ replacedBy: replacement }).where(eq(certificates.id, revoked));
    tampered = await certificateOf(t, 'Dhanush Ramasamy');
    const [row] = await db.select().from(certificates).where(eq(certificates.id, tampered));
    await db.update(certificates).set({ statement: { ...(row!.statement as object), award: 'winner' } }).where(eq(certificates.id, tampered));
  });

  it('shows a valid certificate in English, with no script, cached only with a check (ETag), the id kept from other sites', async () => {
    const response = await t.request(`/verify/${valid}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    expect(response.headers.get('content-language')).toBe('en');
    const html = await response.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta name="referrer" content="same-origin">');
    // In full, as search engines want it (Lighthouse's SEO audit counts a relative one against the page).
    expect(html).toContain(`<link rel="alternate" hreflang="ta" href="${publicUrl(t.deps.env)}/ta/verify/${valid}">`);
    expect(html).toContain(`<a href="/ta/verify/${valid}" lang="ta">தமிழில் பார்க்க</a>`);
    expect(html).not.toContain('noindex');
    const text = textOf(html);
    expect(text).toContain('Certificate check');
    expect(text).toContain('Valid. This certificate was issued by the Kids Talent Competition 2027 and has not been changed since.');
    for (const line of ['Child Aaradhya Venkatesan', 'Award Participated', 'Contest Drawing Competition, 6–8 years', 'Level Level 1', 'Issued on 1 May 2027', `Certificate id ${valid}`]) {
      expect(text).toContain(line);
    }
    expect(text).toContain('Check a copy');
    expect(html).toContain(`<form method="post" enctype="multipart/form-data" action="/verify/${valid}/check#check">`);
    expect(html).toContain('<input id="check-file" name="file" type="file" accept="application/pdf,.pdf" required>');
    expect(html).toContain('<a href="/.well-known/jwks.json">Our public keys</a>');

    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.request(`/verify/${valid}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);

    // Read-audited as a visitor's read of that registration, as the API is.
    const reads = await t.deps.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'read.certificate.verify'), eq(auditLog.actor, 'visitor')));
    expect(reads.length).toBeGreaterThanOrEqual(1);
  });

  it('shows it in Tamil under /ta/, whatever the case of the id', async () => {
    const response = await t.request(`/ta/verify/${valid.toUpperCase()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-language')).toBe('ta');
    const html = await response.text();
    expect(html).toContain('<html lang="ta">');
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${publicUrl(t.deps.env)}/verify/${valid}">`);
    const text = textOf(html);
    expect(text).toContain('சான்றிதழ் சரிபார்ப்பு');
    expect(text).toContain('செல்லுபடியானது.');
    for (const line of ['விருது பங்கேற்பு', 'நிலை நிலை 1', 'வழங்கிய நாள் 1 மே, 2027', 'ஒரு நகலைச் சரிபாருங்கள்', 'எங்கள் பொதுச் சாவிகள்']) expect(text).toContain(line);
    // The child's name and contest stay in the certificate's own language.
    expect(html).toContain('<dd lang="en">Aaradhya Venkatesan</dd>');
    expect(html).toContain(`action="/ta/verify/${valid}/check#check"`);
  });

  it('says a revoked certificate is not valid, when and why, and links to the one that replaced it', async () => {
    const english = textOf(await (await t.request(`/verify/${revoked}`)).text());
    expect(english).toContain('Not valid. The organisers revoked this certificate on 10 May 2027: Printed with the wrong contest');
    expect(await (await t.request(`/verify/${revoked}`)).text()).toContain(`<a href="/verify/${replacement}">See the corrected certificate that replaced it</a>`);
    const tamil = await (await t.request(`/ta/verify/${revoked}`)).text();
    expect(textOf(tamil)).toContain('செல்லுபடியாகாது. அமைப்பாளர்கள் இந்தச் சான்றிதழை 10 மே, 2027 அன்று திரும்பப் பெற்றனர்: Printed with the wrong contest');
    expect(tamil).toContain(`<a href="/ta/verify/${replacement}">`);
  });

  it('says a certificate whose statement no longer matches its signature must not be trusted', async () => {
    const text = textOf(await (await t.request(`/verify/${tampered}`)).text());
    expect(text).toContain('Not valid. What we hold for this id does not match its signature. Do not trust this certificate; write to us.');
    expect(textOf(await (await t.request(`/ta/verify/${tampered}`)).text())).toContain('இந்தச் சான்றிதழை நம்ப வேண்டாம்');
  });

  it('answers 404 "not ours" for an id we never issued and for anything that is not an id, escaped', async () => {
    const unknown = await t.request('/verify/abcdefghijklmnop');
    expect(unknown.status).toBe(404);
    expect(textOf(await unknown.text())).toContain('Not valid. We have no certificate with the id “abcdefghijklmnop”. Check that the whole address from the QR code was opened.');
    const malformed = await t.request('/verify/not-an-id');
    expect(malformed.status).toBe(404);
    expect(textOf(await malformed.text())).toContain('“not-an-id”');
    const tamil = await t.request('/ta/verify/not-an-id');
    expect(tamil.status).toBe(404);
    expect(textOf(await tamil.text())).toContain('“not-an-id” என்ற எண்ணுடன் எங்களிடம் சான்றிதழ் எதுவும் இல்லை.');
    const hostile = await (await t.request('/verify/%3Cscript%3Ealert(1)%3C%2Fscript%3E')).text();
    expect(hostile).not.toContain('<script');
    expect(hostile).toContain('&#60;script&#62;');
  });

  it('checks a file sent with the form, streamed: the same file is valid, a changed one is not, in either language', async () => {
    const same = await t.request(`/verify/${valid}/check`, fileForm(PDF));
    expect(same.status).toBe(200);
    expect(same.headers.get('cache-control')).toBe('no-store');
    const page = await same.text();
    expect(page).not.toMatch(/<script/i);
    expect(textOf(page)).toContain('Valid. This file is exactly the certificate we issued.');
    // The rest of the page is there too.
    expect(textOf(page)).toContain('Child Aaradhya Venkatesan');

    const changed = Buffer.from(PDF);
    changed[90_000] = changed[90_000]! ^ 0x20;
    expect(textOf(await (await t.request(`/verify/${valid}/check`, fileForm(changed))).text())).toContain(
      'Not valid. This file is not the certificate we issued: it has been changed, or it is a different file. Trust only what this page shows.',
    );
    expect(textOf(await (await t.request(`/ta/verify/${valid}/check`, fileForm(PDF))).text())).toContain('செல்லுபடியானது. இந்தக் கோப்பு நாங்கள் வழங்கிய சான்றிதழே, எந்த மாற்றமும் இல்லை.');
    expect(textOf(await (await t.request(`/verify/${revoked}/check`, fileForm(PDF))).text())).toContain(
      'Not valid. This file is the certificate we issued, but it has since been revoked (see above).',
    );

    const reads = await t.deps.database.db.select().from(auditLog).where(eq(auditLog.action, 'read.certificate.verify'));
    expect(reads.some((row) => (row.changes as { checkedBytes?: number } | null)?.checkedBytes === PDF.length)).toBe(true);
  });

  it('refuses a file over 5 MB, an empty form, a form that is not multipart and another site’s form, each with a page saying why', async () => {
    const large = await t.request(`/verify/${valid}/check`, fileForm(new Uint8Array(CHECK_LIMIT_BYTES + 1)));
    expect(large.status).toBe(413);
    const largePage = await large.text();
    expect(textOf(largePage)).toContain('That file is far larger than any certificate of ours (over 5 MB).');
    expect(largePage).toContain(`<a href="/verify/${valid}#check">Back to the certificate</a>`);
    // Said to be too large before it is sent: refused without reading it.
    const declared = await t.request(`/verify/${valid}/check`, { method: 'POST', body: 'x', headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(CHECK_LIMIT_BYTES * 2) } });
    expect(declared.status).toBe(413);
    const tamilLarge = await t.request(`/ta/verify/${valid}/check`, fileForm(new Uint8Array(CHECK_LIMIT_BYTES + 1)));
    expect(textOf(await tamilLarge.text())).toContain('5 MB-க்கு மேல்');

    const empty = await t.request(`/verify/${valid}/check`, fileForm(new Uint8Array(0)));
    expect(empty.status).toBe(400);
    expect(textOf(await empty.text())).toContain('Choose the PDF file first.');
    const noFile = new FormData();
    noFile.append('other', 'x');
    expect((await t.request(`/verify/${valid}/check`, { method: 'POST', body: noFile })).status).toBe(400);

    const plain = await t.request(`/verify/${valid}/check`, { method: 'POST', body: PDF, headers: { 'Content-Type': 'application/pdf' } });
    expect(plain.status).toBe(400);
    expect(textOf(await plain.text())).toContain('Nothing came with the form.');
    const cut = await t.request(`/verify/${valid}/check`, { method: 'POST', body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nabc', headers: { 'Content-Type': 'multipart/form-data; boundary=x' } });
    expect(cut.status).toBe(400);

    const foreign = await t.request(`/verify/${valid}/check`, fileForm(PDF, { Origin: 'https://evil.example' }));
    expect(foreign.status).toBe(403);
    expect(textOf(await foreign.text())).toContain('Files are checked only from this site’s own pages.');

    const unknown = await t.request('/verify/abcdefghijklmnop/check', fileForm(PDF));
    expect(unknown.status).toBe(404);
  });

  it('keeps the API the app and other code use: the same answers as the page', async () => {
    const answer = (await (await t.request(`/api/verify/${valid}`)).json()) as { status: string; statement: { childName: string } };
    expect(answer).toMatchObject({ status: 'valid', statement: { childName: 'Aaradhya Venkatesan' } });
    expect(((await (await t.request(`/api/verify/${revoked}`)).json()) as { status: string; replacedBy: string }).replacedBy).toBe(replacement);
    expect(((await (await t.request(`/api/verify/${tampered}`)).json()) as { status: string }).status).toBe('invalid');
    const check = (bytes: Uint8Array) => t.request(`/api/verify/${valid}/check`, { method: 'POST', body: new Uint8Array(bytes), headers: { 'Content-Type': 'application/pdf' } });
    expect(((await (await check(PDF)).json()) as { matches: boolean }).matches).toBe(true);
    expect(((await (await check(PDF.subarray(1))).json()) as { matches: boolean }).matches).toBe(false);
    expect((await check(new Uint8Array(0))).status).toBe(400);
    expect((await check(new Uint8Array(CHECK_LIMIT_BYTES + 1))).status).toBe(413);
    expect((await t.request('/api/verify/abcdefghijklmnop')).status).toBe(404);
    expect((await t.request('/api/verify/not-an-id')).status).toBe(422);
  });

  it('shares the API’s limit of checks per address: past it, a page saying when to try again (429, Retry-After)', async () => {
    const env = loadEnv({ NODE_ENV: 'test', SCRYPT_LOG_N: '10', TRUST_PROXY: '1' });
    const app = createApp({ ...t.deps, env });
    const from = (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('X-Forwarded-For', '203.0.113.49');
      headers.set('Origin', 'http://localhost');
      return app.request(`http://localhost${path}`, { ...init, headers });
    };
    const statuses: number[] = [];
    for (let n = 0; n < 30; n++) statuses.push((await from(`/verify/${valid}`)).status);
    for (let n = 0; n < 30; n++) statuses.push((await from(`/api/verify/${valid}`)).status);
    expect(statuses).toEqual(Array<number>(60).fill(200));
    const refused = await from(`/ta/verify/${valid}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const page = await refused.text();
    expect(page).toContain('<html lang="ta">');
    expect(page).not.toContain('Aaradhya');
    expect((await from(`/verify/${valid}/check`, fileForm(PDF))).status).toBe(429);
    expect((await from(`/api/verify/${valid}`)).status).toBe(429);
    // Another address is not held back.
    expect((await t.request(`/verify/${valid}`)).status).toBe(200);
  });
});
