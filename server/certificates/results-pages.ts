import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ageBandLabel, awardFor, awardLabel, certificateBand, publicName, type Award } from '@domain/certificates';
import { CATEGORIES, isCategorySlug } from '@domain/categories';
import { contestName, levelName } from '@domain/contest-names';
import { LANGUAGES, type Language } from '@domain/languages';
import { raceTimeLabel } from '@domain/live-judging';
import { formatDay, venueSessionById, type LevelId, type VenueSession } from '@domain/season';
import { rowsOf, type Db } from '../db/client';
import { escapeHtml } from '../lib/html';
import { serverPage } from '../lib/server-page';
import { entries, judgingRounds, registrations, resultsPages, roundEntries } from '../db/schema';
import { plural } from '@domain/plural';
import { asBulkWork, workInSlices, type Pieces, type Slices } from '../lib/people-first';

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

/** Rows a statement reads at most while the pages are rebuilt (whole pools, so a big pool is read alone). */
const READ_ROWS = 1_000;

/**
 * Reads rows a few pools at a time (issue 47): `sizes` lists the pools in their order with their
 * row counts, `read` reads some of them in that same order, so the pieces joined are what one
 * statement over every pool would have read.
 */
async function readByPools<Key, Row>(sizes: readonly (Key & { n: number })[], read: (keys: Key[]) => Promise<Row[]>, work: Required<Pieces>): Promise<Row[]> {
  const rows: Row[] = [];
  let piece: Key[] = [];
  let pieceRows = 0;
  const flush = async () => {
    rows.push(...(await read(piece)));
    piece = [];
    pieceRows = 0;
    await work.slices.between();
  };
  for (const size of sizes) {
    if (piece.length > 0 && pieceRows + size.n > work.size) await flush();
    piece.push(size);
    pieceRows += size.n;
  }
  if (piece.length > 0) await flush();
  return rows;
}

type PoolKey = { level_id: LevelId; category: string; age_band: string };

/** Every published result, in pools (level, contest, age band) and in each pool by place, read a few pools per statement. */
async function publishedPools(db: Db, work: Required<Pieces>): Promise<Pool[]> {
  const published = sql`from ${roundEntries} r
      join ${judgingRounds} j on j.id = r.round_id and j.state = 'published'
      join ${entries} e on e.id = r.entry_id
      join ${registrations} g on g.id = e.registration_id
      where g.deleted_at is null and g.cancelled_at is null`;
  const sizes = await rowsOf<PoolKey & { n: number }>(
    db,
    sql`select j.level_id, r.category, r.age_band, count(*)::int as n ${published} group by j.level_id, r.category, r.age_band order by j.level_id, r.category, r.age_band`,
  );
  const rows = await readByPools(
    sizes,
    (keys: PoolKey[]) =>
      rowsOf<ResultRow & { level_id: LevelId }>(
        db,
        sql`select j.level_id, r.category, r.age_band, r.place, r.qualifies, g.name, g.city, g.reference_code, g.results_name
          ${published}
            and (j.level_id, r.category, r.age_band) in (select * from unnest(${sql.param(keys.map((key) => key.level_id))}::text[],
              ${sql.param(keys.map((key) => key.category))}::text[], ${sql.param(keys.map((key) => key.age_band))}::text[]))
          order by j.level_id, r.category, r.age_band, r.place nulls last, g.reference_code`,
      ),
    work,
  );
  const pools: Pool[] = [];
  for (const row of rows) {
    const last = pools[pools.length - 1];
    if (last && last.levelId === row.level_id && last.category === row.category && last.band === row.age_band) last.rows.push(row);
    else pools.push({ levelId: row.level_id, category: row.category, band: row.age_band, rows: [row] });
  }
  return pools;
}

/** Every published venue session's places, by session and place, read a few sessions per statement. */
async function publishedSessionPools(db: Db, work: Required<Pieces>): Promise<SessionPool[]> {
  const published = sql`from session_places p
      join live_sessions l on l.session_id = p.session_id and l.state = 'published'
      join ${registrations} g on g.id = p.registration_id
      where g.deleted_at is null and g.cancelled_at is null`;
  const sizes = await rowsOf<{ session_id: string; n: number }>(db, sql`select p.session_id, count(*)::int as n ${published} group by p.session_id order by p.session_id`);
  const placed = await readByPools(
    sizes,
    (keys: { session_id: string }[]) =>
      rowsOf<SessionRow>(
        db,
        sql`select p.session_id, p.place, p.final, p.time_ms, p.award, g.name, g.city, g.reference_code, g.results_name
          ${published} and p.session_id = any(${sql.param(keys.map((key) => key.session_id))}::text[])
          order by p.session_id, p.place nulls last, g.reference_code`,
      ),
    work,
  );
  const sessionPools: SessionPool[] = [];
  for (const row of placed) {
    const session = venueSessionById(row.session_id);
    if (!session) continue;
    const last = sessionPools[sessionPools.length - 1];
    if (last && last.session.id === session.id) last.rows.push(row);
    else sessionPools.push({ session, rows: [row] });
  }
  return sessionPools;
}

/**
 * Every results page of every published round and venue session, in both languages (none before
 * one is published). Read a few pools per statement and rendered a page at a time, with the
 * slices' turns between (issue 47): at 10,000 results no statement or loop of it holds requests long.
 */
export async function renderResultsPages(db: Db, work: Pieces = {}): Promise<ResultsPage[]> {
  const slices = work.slices ?? workInSlices();
  const pools = await publishedPools(db, { size: work.size ?? READ_ROWS, slices });
  const sessionPools = await publishedSessionPools(db, { size: work.size ?? READ_ROWS, slices });
  if (pools.length === 0 && sessionPools.length === 0) return [];
  const pages: ResultsPage[] = [];
  for (const language of ['en', 'ta'] as const) {
    pages.push(indexPage(language, pools, sessionPools));
    for (const pool of pools) {
      pages.push(poolPage(language, pool));
      await slices.between();
    }
    for (const pool of sessionPools) {
      pages.push(sessionPage(language, pool));
      await slices.between();
    }
  }
  return pages;
}

/** Serialises the pages' last writes across connections and instances. */
const RESULTS_PAGES_LOCK = 7261525;

const indexPaths = new Set(LANGUAGES.map((language) => resultsPath(language)));

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** HTML a statement writes at most (~250 KB, a few pools' pages: ~20 ms on PGlite). */
const WRITE_BYTES = 256 * 1024;

/** Writes pages, a few per statement; a page a newer render stored stays. */
async function writePages(db: Db, pages: readonly ResultsPage[], readAt: string, slices?: Slices): Promise<void> {
  for (let start = 0; start < pages.length; ) {
    let end = start + 1;
    for (let bytes = pages[start]!.html.length; end < pages.length && bytes + pages[end]!.html.length <= WRITE_BYTES; end += 1) bytes += pages[end]!.html.length;
    await db
      .insert(resultsPages)
      .values(pages.slice(start, end).map((page) => ({ ...page, updatedAt: readAt })))
      .onConflictDoUpdate({ target: resultsPages.path, set: { html: sql`excluded.html`, updatedAt: sql`excluded.updated_at` }, setWhere: sql`${resultsPages.updatedAt} <= excluded.updated_at` });
    start = end;
    await slices?.between();
  }
}

/**
 * Stores a render's pages so a visitor sees the pages already linked all from one render, never
 * a mix. Pages at new paths (a newly published round's pools: the bulk of a publish) are written
 * first, a few per statement, and no page links to them yet; then one transaction writes every
 * other page whose HTML changed (the index, a family's pools), removes the pages of pools that
 * emptied, and stamps every page with `readAt`, when this render began reading. A render that
 * began before the stored pages' is older than them and is dropped (another instance's render
 * may read earlier and finish later).
 */
async function storePages(db: Db, pages: readonly ResultsPage[], readAt: string, slices: Slices): Promise<void> {
  const known = new Set((await rowsOf<{ path: string }>(db, sql`select path from ${resultsPages}`)).map((row) => row.path));
  await writePages(
    db,
    pages.filter((page) => !known.has(page.path) && !indexPaths.has(page.path)),
    readAt,
    slices,
  );
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`select pg_advisory_xact_lock(${RESULTS_PAGES_LOCK}::bigint)`);
    const [newer] = await rowsOf(t, sql`select 1 from ${resultsPages} where updated_at > ${readAt}::timestamptz limit 1`);
    if (newer) return;
    const stored = new Map((await rowsOf<{ path: string; hash: string }>(t, sql`select path, md5(html) as hash from ${resultsPages}`)).map((row) => [row.path, row.hash]));
    const paths = new Set(pages.map((page) => page.path));
    const gone = [...stored.keys()].filter((path) => !paths.has(path));
    if (gone.length > 0) await t.execute(sql`delete from ${resultsPages} where path = any(${sql.param(gone)}::text[])`);
    await writePages(t, pages.filter((page) => stored.get(page.path) !== md5(page.html)), readAt);
    await t.execute(sql`update ${resultsPages} set updated_at = ${readAt}::timestamptz where updated_at <> ${readAt}::timestamptz`);
  });
}

/** Per database, the rebuild running in this process, the one waiting to run after it, and the requests waiting for either. */
type Rebuilds = { running?: Promise<number>; next?: Promise<number>; waitingRequests: number };
const rebuilds = new WeakMap<Db, Rebuilds>();

/** One rebuild, now and not shared: renders and stores every page; how many there are now. */
export async function rebuildResultsPages(db: Db, work: Pieces = {}): Promise<number> {
  const slices = work.slices ?? workInSlices();
  const [clock] = await rowsOf<{ at: string }>(db, sql`select clock_timestamp()::text as at`);
  const pages = await renderResultsPages(db, { ...work, slices });
  await storePages(db, pages, clock!.at, slices);
  return pages.length;
}

/**
 * Renders and stores every results page, replacing the ones stored before (a pool that emptied
 * loses its page), after a publish and on a family's change of how its child appears. It answers
 * once a render that began after the call is stored, so the pages show every change committed
 * before it. Calls while a rebuild runs share the one after it: a hundred families' changes at
 * once cost two rebuilds, not a hundred. `ownRequests`: 1 when a request waits for the answer.
 * Returns how many pages there are now.
 */
export async function publishResultsPages(db: Db, caller: { ownRequests?: number | undefined } = {}): Promise<number> {
  let state = rebuilds.get(db);
  if (!state) rebuilds.set(db, (state = { waitingRequests: 0 }));
  const own = caller.ownRequests ?? 0;
  state.waitingRequests += own;
  try {
    return await rebuildAfterNow(db, state);
  } finally {
    state.waitingRequests -= own;
  }
}

function rebuildAfterNow(db: Db, state: Rebuilds): Promise<number> {
  if (state.next) return state.next;
  if (!state.running) {
    // Requests waiting for this rebuild are not people it makes wait.
    state.running = asBulkWork(() => rebuildResultsPages(db, { slices: workInSlices({ ownRequests: () => state.waitingRequests }) })).finally(() => (state.running = undefined));
    return state.running;
  }
  state.next = state.running
    .catch(() => undefined)
    .then(() => {
      state.next = undefined;
      return rebuildAfterNow(db, state);
    });
  return state.next;
}

/** A stored page and its ETag, or null. */
export async function storedResultsPage(db: Db, path: string): Promise<{ html: string; etag: string } | null> {
  const [row] = await rowsOf<{ html: string; updated_at: string }>(db, sql`select html, updated_at from ${resultsPages} where path = ${path}`);
  if (!row) return null;
  return { html: row.html, etag: `"${createHash('sha256').update(row.html).digest('base64url').slice(0, 22)}"` };
}
