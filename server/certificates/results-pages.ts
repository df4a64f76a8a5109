import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ageBandLabel, awardFor, awardLabel, certificateBand, publicName, type Award } from '@domain/certificates';
import { CATEGORIES, isCategorySlug } from '@domain/categories';
import { contestName, levelName } from '@domain/contest-names';
import type { Language } from '@domain/languages';
import { raceTimeLabel } from '@domain/live-judging';
import { formatDay, venueSessionById, type LevelId, type VenueSession } from '@domain/season';
import { rowsOf, type Db } from '../db/client';
import { escapeHtml } from '../lib/html';
import { serverPage } from '../lib/server-page';
import { entries, judgingRounds, registrations, resultsPages, roundEntries } from '../db/schema';
import { plural } from '@domain/plural';

/**
 * Public results pages (issue 25): rendered to HTML when a round is published and again whenever a
 * family changes how its child appears, stored (so every instance serves the same), and served
 * as they are, with no script: one page per level, contest and age band, and an index, in
 * English at /results and in Tamil at /ta/results. A child appears by first name and initial
 * with the city, or by reference code only if the family asked; never by full name.
 */

type ResultRow = {
  category: string;
  age_band: string;
  place: number | null;
  qualifies: boolean | null;
  name: string | null;
  city: string;
  reference_code: string;
  results_name: 'initial' | 'code';
};

export type ResultsPage = { path: string; html: string };

const COPY = {
  en: {
    results: 'Results',
    title: (contest: string, band: string, level: string) => `${contest}, ${band}: ${level} results`,
    intro: (count: number) =>
      `${plural(count, { one: '# child', other: '# children' })} took part in this contest and age band. Children who go through to the semi-finals are marked.`,
    through: 'Through to the semi-finals',
    place: 'Place',
    result: 'Result',
    child: 'Child',
    city: 'City',
    byCode: 'Shown by reference code',
    index: (level: string) => level,
    indexIntro: 'Choose a contest and age band. A child appears by first name and initial, or by reference code if the family asked.',
    none: 'No results have been published yet. They appear here when the judges have finished.',
    back: 'All results',
    home: 'Home',
    other: 'தமிழில் பார்க்க',
    children: (n: number) => plural(n, { one: '# child', other: '# children' }),
    venues: 'At the venues',
    sessionIntro: (venue: string, day: string, count: number) =>
      `${venue}, ${day}. ${plural(count, { one: '# child was', other: '# children were' })} placed in this session.`,
    score: 'Score or time',
  },
  ta: {
    results: 'முடிவுகள்',
    title: (contest: string, band: string, level: string) => `${contest}, ${band}: ${level} முடிவுகள்`,
    intro: (count: number) =>
      `இந்தப் போட்டியிலும் வயதுப் பிரிவிலும் ${plural(count, { one: '# குழந்தை பங்கேற்றது', other: '# குழந்தைகள் பங்கேற்றனர்' }, 'ta')}. அரையிறுதிக்குத் தகுதி பெற்றவர்கள் குறிக்கப்பட்டுள்ளனர்.`,
    through: 'அரையிறுதிக்குத் தகுதி',
    place: 'இடம்',
    result: 'முடிவு',
    child: 'குழந்தை',
    city: 'நகரம்',
    byCode: 'குறிப்பு எண் மட்டும்',
    index: (level: string) => level,
    indexIntro: 'ஒரு போட்டியையும் வயதுப் பிரிவையும் தேர்ந்தெடுக்கவும். குழந்தையின் முதல் பெயரும் முன்னெழுத்தும், அல்லது குடும்பம் கேட்டால் குறிப்பு எண் மட்டும் காட்டப்படும்.',
    none: 'இன்னும் முடிவுகள் வெளியிடப்படவில்லை. நடுவர்கள் முடித்ததும் இங்கே வரும்.',
    back: 'எல்லா முடிவுகளும்',
    home: 'முகப்பு',
    other: 'View in English',
    children: (n: number) => plural(n, { one: '# குழந்தை', other: '# குழந்தைகள்' }, 'ta'),
    venues: 'போட்டி அரங்குகளில்',
    sessionIntro: (venue: string, day: string, count: number) =>
      `${venue}, ${day}. இந்த அமர்வில் ${plural(count, { one: '# குழந்தைக்கு', other: '# குழந்தைகளுக்கு' }, 'ta')} இடம் வழங்கப்பட்டது.`,
    score: 'மதிப்பெண் அல்லது நேரம்',
  },
} as const;

const prefix = (language: Language) => (language === 'ta' ? '/ta' : '');

/** A live session's results page (issue 45). */
export const sessionResultsPath = (language: Language, sessionId: string) => `${prefix(language)}/results/sessions/${sessionId}`;

export const resultsPath = (language: Language, levelId?: LevelId, category?: string, band?: string) =>
  `${prefix(language)}/results${levelId && category && band ? `/${levelId}/${category}/${band}` : ''}`;

const STYLE = `
.table{overflow-x:auto}table{border-collapse:collapse;width:100%;background:#fff}
caption{text-align:left;padding:.5rem 0;color:var(--muted)}
th,td{text-align:left;padding:.5rem .75rem;border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:.875rem;color:var(--muted)}
.award-winner,.award-runner-up,.award-merit{font-weight:700}
.contests{list-style:none;padding:0;display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr))}
.contests>li{background:#fff;border:1px solid var(--line);border-radius:.5rem;padding:.75rem}
.contests h3{font-size:1.125rem;margin:0 0 .25rem}
.contests ul{margin:.25rem 0 0;padding-left:1.25rem}
.through{display:block;font-weight:400;font-size:.875rem;color:var(--muted)}
@media (max-width:30rem){th,td{padding:.5rem .375rem}}
`;

function document(language: Language, title: string, otherPath: string, body: string): string {
  const copy = COPY[language];
  const nav = `<a href="${escapeHtml(resultsPath(language))}">${escapeHtml(copy.back)}</a> · <a href="${escapeHtml(otherPath)}" lang="${language === 'ta' ? 'en' : 'ta'}">${escapeHtml(copy.other)}</a>`;
  return serverPage({ language, title, otherLanguagePath: otherPath, nav, navLabel: copy.results, body, style: STYLE });
}

type Pool = { levelId: LevelId; category: string; band: string; rows: ResultRow[] };

function poolPage(language: Language, pool: Pool): ResultsPage {
  const copy = COPY[language];
  const category = pool.category;
  const contest = isCategorySlug(category) ? contestName(category, language) : category;
  const band = ageBandLabel(pool.band, language);
  const title = copy.title(contest, band, levelName(pool.levelId, language));
  const rows = pool.rows
    .map((row) => {
      const award: Award = awardFor(row);
      const byCode = row.results_name === 'code' || !row.name;
      const child = byCode ? `<span title="${escapeHtml(copy.byCode)}">${escapeHtml(row.reference_code)}</span>` : escapeHtml(publicName(row.name!));
      const through = row.qualifies && award !== 'qualified' ? `<span class="through">${escapeHtml(copy.through)}</span>` : '';
      return `<tr><td>${row.place ?? '–'}</td><td class="award-${award}">${escapeHtml(awardLabel(award, language))}${through}</td><td>${child}</td><td>${byCode ? '' : escapeHtml(row.city)}</td></tr>`;
    })
    .join('\n');
  const body = `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(copy.intro(pool.rows.length))}</p>
<div class="table" tabindex="0" role="region" aria-label="${escapeHtml(title)}">
<table>
<caption class="sr">${escapeHtml(title)}</caption>
<thead><tr><th scope="col">${copy.place}</th><th scope="col">${copy.result}</th><th scope="col">${copy.child}</th><th scope="col">${copy.city}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>`;
  const path = resultsPath(language, pool.levelId, pool.category, pool.band);
  return { path, html: document(language, title, resultsPath(language === 'ta' ? 'en' : 'ta', pool.levelId, pool.category, pool.band), body) };
}

type SessionRow = { session_id: string; place: number | null; final: number | null; time_ms: number | null; award: Award; name: string | null; city: string; reference_code: string; results_name: 'initial' | 'code' };
type SessionPool = { session: VenueSession; rows: SessionRow[] };

function sessionPage(language: Language, pool: SessionPool): ResultsPage {
  const copy = COPY[language];
  const { session } = pool;
  const category = session.categories[0]!;
  const title = copy.title(contestName(category, language), ageBandLabel(certificateBand(category, session.ageBand), language), levelName(session.levelId, language));
  const rows = pool.rows
    .map((row) => {
      const byCode = row.results_name === 'code' || !row.name;
      const child = byCode ? `<span title="${escapeHtml(copy.byCode)}">${escapeHtml(row.reference_code)}</span>` : escapeHtml(publicName(row.name!));
      const how = row.final !== null ? row.final.toFixed(2) : row.time_ms !== null ? raceTimeLabel(row.time_ms, language) : '–';
      return `<tr><td>${row.place ?? '–'}</td><td class="award-${row.award}">${escapeHtml(awardLabel(row.award, language))}</td><td>${how}</td><td>${child}</td><td>${byCode ? '' : escapeHtml(row.city)}</td></tr>`;
    })
    .join('\n');
  const placed = pool.rows.filter((row) => row.place !== null).length;
  const body = `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(copy.sessionIntro(session.venue, formatDay(session.date), placed))}</p>
<div class="table" tabindex="0" role="region" aria-label="${escapeHtml(title)}">
<table>
<caption class="sr">${escapeHtml(title)}</caption>
<thead><tr><th scope="col">${copy.place}</th><th scope="col">${copy.result}</th><th scope="col">${copy.score}</th><th scope="col">${copy.child}</th><th scope="col">${copy.city}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>`;
  return { path: sessionResultsPath(language, session.id), html: document(language, title, sessionResultsPath(language === 'ta' ? 'en' : 'ta', session.id), body) };
}

/** The index: every published level, then its contests, then their age bands; then the venues' published sessions. */
function indexPage(language: Language, pools: readonly Pool[], sessionPools: readonly SessionPool[] = []): ResultsPage {
  const copy = COPY[language];
  const levels = [...new Set(pools.map((pool) => pool.levelId))];
  const sections = levels
    .map((levelId) => {
      const byContest = new Map<string, Pool[]>();
      for (const pool of pools.filter((p) => p.levelId === levelId)) byContest.set(pool.category, [...(byContest.get(pool.category) ?? []), pool]);
      const items = CATEGORIES.filter((category) => byContest.has(category.slug))
        .map((category) => {
          const links = byContest
            .get(category.slug)!
            .map((pool) => `<li><a href="${escapeHtml(resultsPath(language, levelId, pool.category, pool.band))}">${escapeHtml(ageBandLabel(pool.band, language))}</a> (${escapeHtml(copy.children(pool.rows.length))})</li>`)
            .join('');
          return `<li><h3>${escapeHtml(contestName(category.slug, language))}</h3><ul>${links}</ul></li>`;
        })
        .join('\n');
      return `<h2>${escapeHtml(copy.index(levelName(levelId, language)))}</h2>\n<ul class="contests">\n${items}\n</ul>`;
    })
    .join('\n');
  const venues = sessionPools.length
    ? `<h2>${escapeHtml(copy.venues)}</h2>\n<ul class="contests">\n${sessionPools
        .map((pool) => `<li><a href="${escapeHtml(sessionResultsPath(language, pool.session.id))}">${escapeHtml(contestName(pool.session.categories[0]!, language))}, ${escapeHtml(ageBandLabel(certificateBand(pool.session.categories[0]!, pool.session.ageBand), language))}</a> (${escapeHtml(pool.session.venue)}, ${escapeHtml(formatDay(pool.session.date))})</li>`)
        .join('\n')}\n</ul>`
    : '';
  const title = copy.results;
  const body = `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(copy.indexIntro)}</p>\n${sections}\n${venues}`;
  const path = resultsPath(language);
  return { path, html: document(language, title, resultsPath(language === 'ta' ? 'en' : 'ta'), body) };
}

/** The index before anything is published. */
export function emptyResultsPage(language: Language): string {
  const copy = COPY[language];
  return document(language, copy.results, resultsPath(language === 'ta' ? 'en' : 'ta'), `<h1>${escapeHtml(copy.results)}</h1>\n<p>${escapeHtml(copy.none)}</p>`);
}

/** Every results page of every published round, in both languages (none before one is published). */
export async function renderResultsPages(db: Db): Promise<ResultsPage[]> {
  const rows = await rowsOf<ResultRow & { level_id: LevelId }>(
    db,
    sql`select j.level_id, r.category, r.age_band, r.place, r.qualifies, g.name, g.city, g.reference_code, g.results_name
      from ${roundEntries} r
      join ${judgingRounds} j on j.id = r.round_id and j.state = 'published'
      join ${entries} e on e.id = r.entry_id
      join ${registrations} g on g.id = e.registration_id
      where g.deleted_at is null and g.cancelled_at is null
      order by j.level_id, r.category, r.age_band, r.place nulls last, g.reference_code`,
  );
  const pools: Pool[] = [];
  for (const row of rows) {
    const last = pools[pools.length - 1];
    if (last && last.levelId === row.level_id && last.category === row.category && last.band === row.age_band) last.rows.push(row);
    else pools.push({ levelId: row.level_id, category: row.category, band: row.age_band, rows: [row] });
  }
  const placed = await rowsOf<SessionRow>(
    db,
    sql`select p.session_id, p.place, p.final, p.time_ms, p.award, g.name, g.city, g.reference_code, g.results_name
      from session_places p
      join live_sessions l on l.session_id = p.session_id and l.state = 'published'
      join ${registrations} g on g.id = p.registration_id
      where g.deleted_at is null and g.cancelled_at is null
      order by p.session_id, p.place nulls last, g.reference_code`,
  );
  const sessionPools: SessionPool[] = [];
  for (const row of placed) {
    const session = venueSessionById(row.session_id);
    if (!session) continue;
    const last = sessionPools[sessionPools.length - 1];
    if (last && last.session.id === session.id) last.rows.push(row);
    else sessionPools.push({ session, rows: [row] });
  }
  if (pools.length === 0 && sessionPools.length === 0) return [];
  return (['en', 'ta'] as const).flatMap((language) => [
    indexPage(language, pools, sessionPools),
    ...pools.map((pool) => poolPage(language, pool)),
    ...sessionPools.map((pool) => sessionPage(language, pool)),
  ]);
}

/** Serialises the pages' renders across connections and instances (one render at a time). */
const RESULTS_PAGES_LOCK = 7261525;

/**
 * Renders and stores every results page, replacing the ones stored before (a pool that emptied
 * loses its page). One render at a time: the lock is taken before the rows are read, so a render
 * always sees every change committed before it and is never overwritten by an older one.
 * Returns how many pages there are now.
 */
export async function publishResultsPages(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RESULTS_PAGES_LOCK}::bigint)`);
    const pages = await renderResultsPages(tx as unknown as Db);
    await tx.execute(sql`delete from ${resultsPages}`);
    for (let i = 0; i < pages.length; i += 100) {
      await tx.insert(resultsPages).values(pages.slice(i, i + 100).map((page) => ({ ...page, updatedAt: now.toISOString() })));
    }
    return pages.length;
  });
}

/** A stored page and its ETag, or null. */
export async function storedResultsPage(db: Db, path: string): Promise<{ html: string; etag: string } | null> {
  const [row] = await rowsOf<{ html: string; updated_at: string }>(db, sql`select html, updated_at from ${resultsPages} where path = ${path}`);
  if (!row) return null;
  return { html: row.html, etag: `"${createHash('sha256').update(row.html).digest('base64url').slice(0, 22)}"` };
}
