import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { createReferenceCode } from '../../domain/reference-code';
import { MAIL_SUBDIR } from '../../server/db/data-dir-layout';
import type { RunningServer } from '../../tests/setup/server-process';
import type { FreshDatabase } from './environment';
import { closeAndCompute, postAsAdmin } from './judged-round';
import { signInBenchAdmin } from './seeded-server';

/**
 * The pages families open from our emails (issue 49), made real on a bench server: the private
 * page of a child registered through the API (its link read from the confirmation email the
 * server wrote, as a family's inbox gets it), the results pages of a published round, and the
 * verification page of one of its certificates. The page's label never shows the token.
 */
/** `noindex`: drawn from the app shell, which asks search engines to leave it out (so Lighthouse's SEO score cannot be 100). */
export type FamilyPage = { label: string; path: string; noindex?: boolean };

const MAIL_WAIT_MS = 30_000;

/** One child per language registered as the form sends it; answers each private page (/my/<token>, /ta/my/<token>). */
export async function privatePages(server: RunningServer, database: FreshDatabase): Promise<FamilyPage[]> {
  const pages: FamilyPage[] = [];
  for (const language of ['en', 'ta'] as const) {
    const referenceCode = createReferenceCode();
    const response = await fetch(`${server.url}/api/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({
        id: randomUUID(),
        referenceCode,
        type: 'participant',
        name: language === 'en' ? 'Nila Bench' : 'Mugilan Bench',
        age: 9,
        email: `bench.family.${language}@example.org`,
        phone: '9876543210',
        city: 'Chennai',
        categories: ['drawing', 'dance'],
        agreeTerms: true,
        guardianName: 'Bench Parent',
        privacyConsent: true,
        language,
      }),
    });
    if (response.status !== 201) throw new Error(`registering a family answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    const token = await tokenFromMail(join(database.dataDir, MAIL_SUBDIR), referenceCode);
    pages.push({ label: `${language === 'ta' ? '/ta' : ''}/my/<token>`, path: `${language === 'ta' ? '/ta' : ''}/my/${token}`, noindex: true });
  }
  return pages;
}

/** Waits for the confirmation about `referenceCode` in the server's mail folder (no SMTP_URL) and reads its private link. */
async function tokenFromMail(folder: string, referenceCode: string): Promise<string> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    let names: string[] = [];
    try {
      names = readdirSync(folder).filter((name) => name.endsWith('.eml'));
    } catch {
      // not written yet
    }
    for (const name of names) {
      const mail = await simpleParser(readFileSync(join(folder, name)));
      if (!mail.subject?.includes(referenceCode)) continue;
      const token = /\/my\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1];
      if (token) return token;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation email about ${referenceCode} in ${folder} after ${MAIL_WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The round seeded by `seedScoredRound` closed, computed and published by the bench admin (its
 * certificates issued): answers the results pages and one certificate's verification page, in
 * both languages.
 */
export async function publishedRoundPages(server: RunningServer): Promise<FamilyPage[]> {
  const admin = await signInBenchAdmin(server);
  const { roundId } = await closeAndCompute(server, admin);
  // A small round has pools of a few entries whose judges may be far apart: publishing them takes a reason.
  const published = await postAsAdmin(server, admin, `/api/judging/rounds/${roundId}/state`, { from: 'results', to: 'published', reason: 'The bench publishes its seeded round as it is.' });
  if (published.status !== 200) throw new Error(`publishing answered ${published.status}: ${JSON.stringify(published.body).slice(0, 300)}`);
  const list = await fetch(`${server.url}/api/certificates`, { headers: { cookie: admin } });
  const { rows } = (await list.json()) as { rows: { id: string }[] };
  const certificate = rows[0]?.id;
  if (!certificate) throw new Error('publishing issued no certificate');
  return [
    { label: '/results', path: '/results' },
    { label: '/ta/results', path: '/ta/results' },
    // Written by the server, public (issue 49): not noindex.
    { label: '/verify/<id>', path: `/verify/${certificate}` },
    { label: '/ta/verify/<id>', path: `/ta/verify/${certificate}` },
  ];
}
