import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { compactVerify, createLocalJWKSet } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, registrations, venueCheckIns } from '../../db/schema';
import { useFamilyHarness } from '../../../tests/setup/family-harness';
import { publishedDrawingRound, scoredDrawingEntries } from '../../../tests/setup/judging-fixtures';
import { childRegistration } from '../../../tests/setup/registration-fixtures';
import { json } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { renderDueCertificates } from '../../certificates/certificate-job';
import { qrOfPdf } from '../../../tests/setup/pdf-qr';
import { publicUrl } from '../../env';

const run = promisify(execFile);

const CHILDREN = [
  { name: 'Aaradhya Venkatesan', city: 'Tambaram', language: 'en', score: 9 },
  { name: 'ஸ்ரீநிதி ராமன்', city: 'Velachery', language: 'ta', score: 8 },
  { name: 'Charulatha Iyer', city: 'Adyar', language: 'en', score: 7 },
  { name: 'Dhanush Ramasamy', city: 'Porur', language: 'en', score: 5 },
  { name: 'Eswari Natarajan', city: 'Avadi', language: 'en', score: 3 },
] as const;

type Verification = {
  id: string;
  status: 'valid' | 'revoked' | 'invalid';
  statement: { childName: string; award: string; contest: string; language: string; level: number; ageBand: string };
  revokedReason: string | null;
  replacedBy: string | null;
  jws: string;
  matches?: boolean;
};
type FamilyAnswer = {
  resultsName: string;
  certificates: { id: string; category: string; award: string; ready: boolean; revokedAt: string | null; replacedBy: string | null }[];
};

const work = await mkdtemp(join(tmpdir(), 'ktc-certificates-'));
afterAll(() => rm(work, { recursive: true, force: true }));

describe.each(testDatabaseKinds())('certificates and results on %s', (kind) => {
  const h = useFamilyHarness(kind);

  it('publishing issues signed certificates and results pages; families download, anyone verifies, admins revoke and re-issue', async () => {
    // Five children in drawing (age 7: the 6-8 band), one Tamil family, one that asks for its code only.
    const { tokens, codes, scores } = await scoredDrawingEntries(
      h,
      CHILDREN.map((child, index) => ({
        score: child.score,
        registration: { name: child.name, city: child.city, language: child.language, email: `family${index}@example.org`, phone: `+91 90000 1111${index}` },
      })),
    );
    const codeOnly = await h.family(tokens[2]!, '/results-name', json({ resultsName: 'code' }, 'PUT'));
    expect(codeOnly.status).toBe(200);
    expect((await h.family(tokens[2]!, '/results-name', json({ resultsName: 'everything' }, 'PUT'))).status).toBe(422);

    // A baby checked in at the crawling session gets a participation certificate too.
    const { input: baby } = await h.register(childRegistration({ name: 'Kavin Selvam', age: 7, ageUnit: 'months', categories: ['crawling'], email: 'baby@example.org', phone: '+91 90000 22220' } as Parameters<typeof childRegistration>[0]));
    const { db } = h.t.deps.database;
    const [babyRow] = await db.select({ id: registrations.id }).from(registrations).where(eq(registrations.referenceCode, baby.referenceCode));
    await db.insert(venueCheckIns).values({
      id: crypto.randomUUID(),
      registrationId: babyRow!.id,
      sessionId: '2027-l1-crawling-t-nagar',
      staffUsername: 'venue-staff',
      deviceId: 'dev-hall-1',
      checkedInAt: h.clock.now.toISOString(),
    });

    // Nothing public before publishing.
    expect(await (await h.t.request('/results')).text()).toContain('No results have been published yet');
    expect((await h.t.request('/results/level1/drawing/6-8')).status).toBe(404);

    const published = await publishedDrawingRound(h, scores);
    expect(published.certificates).toBe(6);

    // Results pages, prerendered in both languages: first name and initial with the city, or the code only.
    const index = await h.t.request('/results');
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('href="/results/level1/drawing/6-8"');
    const page = await (await h.t.request('/results/level1/drawing/6-8')).text();
    expect(page).toContain('Aaradhya V.');
    expect(page).toContain('Tambaram');
    expect(page).toContain('ஸ்ரீநிதி ரா.');
    expect(page).toContain(codes[2]!);
    for (const child of CHILDREN) expect(page).not.toContain(child.name);
    expect(page).not.toContain('Charulatha');
    expect(page).not.toContain('Adyar');
    expect(page).not.toContain('<script');
    const tamil = await h.t.request('/ta/results/level1/drawing/6-8');
    expect(tamil.headers.get('content-language')).toBe('ta');
    const tamilPage = await tamil.text();
    expect(tamilPage).toContain('<html lang="ta">');
    expect(tamilPage).toContain('வெற்றியாளர்');
    expect(tamilPage).toContain('Aaradhya V.');

    // The family that chose its code changes its mind: the pages follow at once.
    expect((await h.family(tokens[2]!, '/results-name', json({ resultsName: 'initial' }, 'PUT'))).status).toBe(200);
    expect(await (await h.t.request('/results/level1/drawing/6-8')).text()).toContain('Charulatha I.');

    // Each family sees its certificates; the first child won, the Tamil child is runner-up.
    const first = (await (await h.family(tokens[0]!, '/results')).json()) as FamilyAnswer;
    expect(first.certificates.map((c) => [c.category, c.award])).toEqual([['drawing', 'winner']]);
    const second = (await (await h.family(tokens[1]!, '/results')).json()) as FamilyAnswer;
    expect(second.certificates[0]!.award).toBe('runner-up');

    // The job makes the PDFs; downloading one before the job would make it at once all the same.
    expect(await renderDueCertificates(h.t.deps)).toBe(6);
    const certificateId = first.certificates[0]!.id;
    const download = await h.family(tokens[0]!, `/certificates/${certificateId}/pdf`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await download.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const file = join(work, `${kind}-${certificateId}.pdf`);
    await writeFile(file, pdf);
    const { stdout: info } = await run('pdfinfo', [file]);
    expect(info).toMatch(/Pages:\s+1/);
    expect(info).toMatch(/Page size:\s+842 x 595 pts/);
    const { stdout: text } = await run('pdftotext', [file, '-']);
    expect(text).toContain('Aaradhya Venkatesan');
    // Its QR code opens the check page in English.
    const origin = publicUrl(h.t.deps.env);
    expect(await qrOfPdf(file)).toBe(`${origin}/verify/${certificateId}`);
    // Another family's token does not reach it.
    expect((await h.family(tokens[1]!, `/certificates/${certificateId}/pdf`)).status).toBe(404);

    // The Tamil family's certificate is in Tamil, with the name as registered.
    const tamilId = second.certificates[0]!.id;
    const tamilFile = join(work, `${kind}-${tamilId}.pdf`);
    await writeFile(tamilFile, Buffer.from(await (await h.family(tokens[1]!, `/certificates/${tamilId}/pdf`)).arrayBuffer()));
    expect((await run('pdftotext', [tamilFile, '-'])).stdout).toContain('ஸ்ரீநிதி ராமன்');
    // Its QR code opens the check page in Tamil.
    expect(await qrOfPdf(tamilFile)).toBe(`${origin}/ta/verify/${tamilId}`);

    // Anyone verifies: what it says, no contact details; the signature checks with the published keys.
    const verified = await h.t.request(`/api/verify/${certificateId.toUpperCase()}`);
    expect(verified.status).toBe(200);
    const body = (await verified.json()) as Verification;
    expect(body.status).toBe('valid');
    expect(body.statement).toMatchObject({ childName: 'Aaradhya Venkatesan', award: 'winner', level: 1, ageBand: '6–8 years' });
    const raw = JSON.stringify(body);
    for (const secret of ['family0@example.org', '+91 90000 11110', codes[0]!, 'Tambaram']) expect(raw).not.toContain(secret);
    const jwks = (await (await h.t.request('/.well-known/jwks.json')).json()) as { keys: [] };
    const { payload } = await compactVerify(body.jws, createLocalJWKSet(jwks));
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual(body.statement);
    // A statement changed after signing does not verify with our keys.
    const [header, , signature] = body.jws.split('.');
    const forged = [header, Buffer.from(JSON.stringify({ ...body.statement, award: 'winner', childName: 'Someone Else' })).toString('base64url'), signature].join('.');
    await expect(compactVerify(forged, createLocalJWKSet(jwks))).rejects.toThrow();

    // The verification read is audited, as a visitor's.
    const reads = await db.select().from(auditLog).where(and(eq(auditLog.action, 'read.certificate.verify'), eq(auditLog.actor, 'visitor')));
    expect(reads.length).toBeGreaterThan(0);

    // The exact file checks out; a copy with a changed byte, or with text added, does not.
    const check = (bytes: Buffer) => h.t.request(`/api/verify/${certificateId}/check`, { method: 'POST', body: new Uint8Array(bytes), headers: { 'Content-Type': 'application/pdf', 'X-Requested-With': 'fetch' } });
    expect(((await (await check(pdf)).json()) as Verification).matches).toBe(true);
    const changed = Buffer.from(pdf);
    const middle = Math.floor(changed.length / 2);
    changed[middle] = changed[middle]! ^ 0x01;
    expect(((await (await check(changed)).json()) as Verification).matches).toBe(false);
    expect(((await (await check(Buffer.concat([pdf, Buffer.from('\n% edited\n')]))).json()) as Verification).matches).toBe(false);
    expect((await check(Buffer.alloc(0))).status).toBe(400);

    // A forged id is not ours; a malformed one is refused before any look-up.
    expect((await h.t.request('/api/verify/abcdefghijklmnop')).status).toBe(404);
    expect((await h.t.request('/api/verify/not-an-id')).status).toBe(422);

    // Issuing again adds nothing: everyone who took part has one.
    expect(await (await h.admin('/api/certificates/issue', json({ levelId: 'level1' }))).json()).toEqual({ issued: 0 });

    // The admin finds the baby's certificate by the venue session, and prints the contest's.
    const bySession = (await (await h.admin('/api/certificates?sessionId=2027-l1-crawling-t-nagar')).json()) as { rows: { childName: string; award: string }[] };
    expect(bySession.rows.map((row) => [row.childName, row.award])).toEqual([['Kavin Selvam', 'participated']]);
    const print = await h.admin('/api/certificates/print?category=drawing');
    expect(print.status).toBe(200);
    const bundle = join(work, `${kind}-bundle.pdf`);
    await writeFile(bundle, Buffer.from(await print.arrayBuffer()));
    expect((await run('pdfinfo', [bundle])).stdout).toMatch(/Pages:\s+5/);
    expect((await h.admin('/api/certificates/print')).status).toBe(422);

    // Revoked: the page says so with the reason; the family can no longer download it.
    expect((await h.admin(`/api/certificates/${certificateId}/revoke`, json({ reason: '' }))).status).toBe(422);
    expect((await h.admin(`/api/certificates/${certificateId}/revoke`, json({ reason: 'Issued to the wrong contest' }))).status).toBe(200);
    const revoked = (await (await h.t.request(`/api/verify/${certificateId}`)).json()) as Verification;
    expect(revoked).toMatchObject({ status: 'revoked', revokedReason: 'Issued to the wrong contest' });
    expect(((await (await check(pdf)).json()) as Verification & { status: string }).status).toBe('revoked');
    expect((await h.family(tokens[0]!, `/certificates/${certificateId}/pdf`)).status).toBe(410);
    expect((await h.admin(`/api/certificates/${certificateId}/revoke`, json({ reason: 'again' }))).status).toBe(409);

    // A correction: the Tamil child's certificate is re-issued; the old one points to the new one.
    const reissued = await h.admin(`/api/certificates/${tamilId}/reissue`, { method: 'POST' });
    expect(reissued.status).toBe(200);
    const { id: newId } = (await reissued.json()) as { id: string };
    expect(newId).not.toBe(tamilId);
    expect((await (await h.t.request(`/api/verify/${tamilId}`)).json()) as Verification).toMatchObject({ status: 'revoked', replacedBy: newId });
    expect((await (await h.t.request(`/api/verify/${newId}`)).json()) as Verification).toMatchObject({ status: 'valid', statement: { award: 'runner-up', language: 'ta' } });
    const after = (await (await h.family(tokens[1]!, '/results')).json()) as FamilyAnswer;
    expect(after.certificates.filter((c) => !c.revokedAt).map((c) => c.id)).toEqual([newId]);

    // Only admins reach the admin routes.
    expect((await h.t.request('/api/certificates')).status).toBe(401);
  });
});
