/**
 * The season's data that both the site and the server need (the levels and their dates, the
 * contacts, the privacy notice version), so next season is still one edit (docs/product.md,
 * "Season data"). Pure data and date arithmetic: no framework, no Node. `src/config/season.ts` re-exports
 * it beside the site-only content.
 */

import type { CategorySlug } from './categories';
import type { JudgingAgeBand } from './judging';

/** A calendar day, `YYYY-MM-DD`. */
export type IsoDate = `${number}-${number}-${number}`;

export const CONTACT = {
  phone: '+91 44 0000 0000',
  phoneHref: 'tel:+914400000000',
  /** The contest pages list two numbers; the second is just as fake. */
  phoneAlt: '+91 44 0000 0001',
  phoneAltHref: 'tel:+914400000001',
  email: 'hello@example.org',
  supportEmail: 'support@example.org',
  adminContact: 'the competition office',
} as const;

export const SEASON = {
  name: 'Kids Talent Competition 2027',
  year: 2027,
  city: 'Chennai',
  /** Every date of the season is a day in Chennai (IST, UTC+05:30, no daylight saving). */
  timeZone: 'Asia/Kolkata',
  utcOffset: '+05:30',
} as const;

export type LevelId = 'level1' | 'level2' | 'level3';

export type Level = {
  id: LevelId;
  number: 1 | 2 | 3;
  title: string;
  /** Dates from the spec's constants section (docs/product.md: the popup shows these). */
  date: string;
  /** The same dates as calendar days in Chennai, for the server's cut-offs and the emails. */
  startsOn: IsoDate;
  endsOn: IsoDate;
  description: string;
  venue: string;
  format: string;
  requirements: readonly string[];
  timeline: readonly string[];
  locations: readonly string[];
  schedule: readonly string[];
  amenities: readonly string[];
  fee?: string;
  /** Machine-readable start and end (IST), for link previews and search engines. */
  startsAt: string;
  endsAt: string;
  /** Where it happens: online entries are possible only in Level 1. */
  attendance: 'online-and-in-person' | 'in-person';
  place: { name: string; locality: string };
  /**
   * Entry prices in rupees, per contest entered, per mode (domain/fees.ts); the later levels are
   * reached by qualifying, with no price given.
   */
  prices?: readonly { mode: 'online' | 'in-person'; label: string; rupees: number }[];
};

export const LEVELS: readonly Level[] = [
  {
    id: 'level1',
    number: 1,
    title: 'Level 1: Preliminary Round',
    date: 'April 18–20, 2027',
    startsOn: '2027-04-18',
    endsOn: '2027-04-20',
    description:
      'Where every journey starts. Children perform from home or at a centre near them, and every child gets a certificate and a few kind words from the judges.',
    venue: 'Online, or at partner schools across Chennai',
    format: 'Online (video entry) and offline (in person)',
    fee: '₹99 online · ₹333 offline',
    startsAt: '2027-04-18T09:00:00+05:30',
    endsAt: '2027-04-20T17:00:00+05:30',
    attendance: 'online-and-in-person',
    place: { name: 'Partner schools across Chennai', locality: 'Chennai' },
    prices: [
      { mode: 'online', label: 'Online entry', rupees: 99 },
      { mode: 'in-person', label: 'In-person entry', rupees: 333 },
    ],
    requirements: [
      'A completed registration for each category',
      'For online entries: a video of up to 3 minutes',
      'For offline entries: arrive 30 minutes before your slot',
    ],
    timeline: ['Registrations close April 15', 'Performances April 18–20', 'Results by April 30'],
    locations: ['Online, from anywhere', 'T. Nagar', 'Anna Nagar', 'Velachery', 'Tambaram'],
    schedule: ['Morning slots 9 AM – 12 PM', 'Afternoon slots 2 PM – 5 PM'],
    amenities: ['Participation certificate for every child', 'Waiting area for parents', 'Drinking water'],
  },
  {
    id: 'level2',
    number: 2,
    title: 'Level 2: Semi-Finals',
    date: 'August 29–31, 2027',
    startsOn: '2027-08-29',
    endsOn: '2027-08-31',
    description:
      'The best performers of Level 1 meet on a real stage. Judges give each child written feedback to carry into the finals.',
    venue: 'Kamarajar Arangam, Teynampet, Chennai',
    format: 'In person, on stage',
    startsAt: '2027-08-29T09:00:00+05:30',
    endsAt: '2027-08-31T18:00:00+05:30',
    attendance: 'in-person',
    place: { name: 'Kamarajar Arangam, Teynampet', locality: 'Chennai' },
    requirements: [
      'A Level 1 qualification letter',
      'Performances of at most 5 minutes',
      'Costumes and props brought by the participant',
    ],
    timeline: ['Qualifiers announced by July 15', 'Slots shared by August 15', 'Semi-finals August 29–31'],
    locations: ['Kamarajar Arangam, Teynampet'],
    schedule: ['Junior groups 9 AM – 1 PM', 'Senior groups 2 PM – 6 PM'],
    amenities: ['Green rooms for changing', 'Snacks and water', 'Written feedback from the judges'],
  },
  {
    id: 'level3',
    number: 3,
    title: 'Level 3: Grand Finals',
    date: 'December 29–31, 2027',
    startsOn: '2027-12-29',
    endsOn: '2027-12-31',
    description:
      'Three days of celebration to close the year. Finalists perform for a full audience and the season’s champions are crowned.',
    venue: 'Music Academy, Royapettah, Chennai',
    format: 'In person, with a live audience',
    startsAt: '2027-12-29T16:00:00+05:30',
    endsAt: '2027-12-31T20:00:00+05:30',
    attendance: 'in-person',
    place: { name: 'Music Academy, Royapettah', locality: 'Chennai' },
    requirements: ['A Level 2 qualification letter', 'A short introduction for the compère', 'Rehearsal on the morning of your day'],
    timeline: ['Finalists announced by September 30', 'Rehearsals December 28', 'Grand finals December 29–31'],
    locations: ['Music Academy, Royapettah'],
    schedule: ['Rehearsals 8 AM – 11 AM', 'Finals 4 PM – 8 PM', 'Awards on December 31 at 7 PM'],
    amenities: ['Trophies, medals and gift hampers', 'Professional photographs', 'Family seating for finalists'],
  },
];

/**
 * Who signs the certificates (ADR 028): each name and title printed under a signature line, in the
 * certificate's language. Change them here for a new season; certificates already made keep theirs.
 */
export const CERTIFICATE_SIGNATORIES = {
  organiser: {
    name: { en: 'Lakshmi Narayanan', ta: 'லட்சுமி நாராயணன்' },
    title: { en: 'Organiser', ta: 'ஏற்பாட்டாளர்' },
  },
  headJudge: {
    name: { en: 'Dr. Meenakshi Sundaram', ta: 'முனைவர் மீனாட்சி சுந்தரம்' },
    title: { en: 'Head Judge', ta: 'தலைமை நடுவர்' },
  },
} as const;

/**
 * The privacy notice a parent agrees to when registering a child. Raise `version` whenever the
 * notice changes: families who consented to an older version are asked again on their page.
 */
export const PRIVACY_NOTICE = {
  version: '2027-1',
  /** Days the organisers take to carry out a request to erase a family's data (the law allows at most 90). */
  erasureAnswerDays: 30,
} as const;

/** The longest any erasure request may wait (DPDP Rules 2025). */
export const ERASURE_MAX_DAYS = 90;

/**
 * The day on which families can no longer correct their registration through their private link.
 * null: the day before Level 1, so the organisers have a settled list for the first contest day.
 */
export const CORRECTIONS_CLOSE_ON: IsoDate | null = null;

/** The moment a day starts in Chennai. */
export function startOfDay(day: IsoDate): Date {
  return new Date(`${day}T00:00:00${SEASON.utcOffset}`);
}

/** The calendar day `days` after (or before, when negative) `day`. */
export function addDays(day: IsoDate, days: number): IsoDate {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10) as IsoDate;
}

function firstLevel(): Level {
  const level = LEVELS[0];
  if (!level) throw new Error('The season has no levels.');
  return level;
}

function lastLevel(): Level {
  const level = LEVELS[LEVELS.length - 1];
  if (!level) throw new Error('The season has no levels.');
  return level;
}

/**
 * When registrations (and the online fee) close: the end of 15 April 2027 in Chennai, as Level 1's
 * timeline says. The second payment reminder goes 2 days before (ADR 024).
 */
export const ENTRY_DEADLINE = '2027-04-16T00:00:00+05:30';

/**
 * The last day each level's judges may score its online entries, in Chennai (issue 49). Level 1:
 * 26 April 2027, which leaves the organisers days to moderate before "Results by April 30". The
 * later levels are judged live at the venue and have no online round. Judges with entries still
 * to score are emailed JUDGE_REMINDER_DAYS before the day ends; the round is not closed by itself.
 */
export const SCORING_LAST_DAYS: Readonly<Partial<Record<LevelId, IsoDate>>> = { level1: '2027-04-26' };

/** Days before the scoring deadline at which judges with entries left are reminded, each once (latest last). */
export const JUDGE_REMINDER_DAYS = [3, 1] as const;
export type JudgeReminderDays = (typeof JUDGE_REMINDER_DAYS)[number];

/** The moment scoring is due for a level (the end of its last day), or null when it has no online round. */
export function scoringDeadlineOf(levelId: LevelId): Date | null {
  const last = SCORING_LAST_DAYS[levelId];
  return last ? startOfDay(addDays(last, 1)) : null;
}

/** The reminder due at `now`: from its moment until the next one's (or the deadline); null outside. */
export function judgeReminderDue(now: Date, deadline: Date): JudgeReminderDays | null {
  if (now.getTime() >= deadline.getTime()) return null;
  let due: JudgeReminderDays | null = null;
  for (const days of JUDGE_REMINDER_DAYS) if (now.getTime() >= deadline.getTime() - days * 86_400_000) due = days;
  return due;
}

/** The day corrections close (see CORRECTIONS_CLOSE_ON). */
export function correctionsCloseOn(): IsoDate {
  return CORRECTIONS_CLOSE_ON ?? addDays(firstLevel().startsOn, -1);
}

/** From this moment on, a family's registration is read-only. */
export function correctionsCloseAt(): Date {
  return startOfDay(correctionsCloseOn());
}

/** The season ends when its last contest day does (the season's records are those made before it). */
export function seasonEndsAt(): Date {
  return startOfDay(addDays(lastLevel().endsOn, 1));
}

/**
 * The in-person sessions field staff work in venue mode (`/venue`): where, on which day and at what
 * time, and the contest judged there. A registration in the session's contest (and, for a panel
 * session, its age band) is on the session's roster. The cash fee is the in-person price of the
 * session's level (none at the later levels, reached by qualifying).
 *
 * How a session is judged (issue 45, ADR 034): a baby contest is a `race` timed by staff in
 * heats; every other contest is performed on stage and scored live by a `panel` of judges.
 */
export type VenueSession = {
  id: string;
  levelId: LevelId;
  title: string;
  venue: string;
  date: IsoDate;
  /** The hour it starts in Chennai, `HH:MM`, and how long the venue holds it. */
  startTime: `${number}:${number}`;
  durationMinutes: number;
  categories: readonly CategorySlug[];
  /** A panel session's judging age band (years); null for a race (its months band is the contest's). */
  ageBand: JudgingAgeBand | null;
  judging: 'panel' | 'race';
  feeRupees: number;
  /**
   * A semi-final or final session's seats (issue 46): its stage slots, each a performance and a
   * changeover (domain/later-levels.ts). Its roster is the children who accepted a place in it.
   */
  capacity?: number;
};

/** A level's price for one contest entered in one mode, from its prices above. */
export function levelPrice(levelId: LevelId, mode: 'online' | 'in-person'): number {
  const price = LEVELS.find((level) => level.id === levelId)?.prices?.find((p) => p.mode === mode);
  if (!price) throw new Error(`Level ${levelId} has no ${mode} price.`);
  return price.rupees;
}

/** A later level's session: a panel on stage, no fee (reached by qualifying), `capacity` slots from `startTime`. */
function stageSession(levelId: 'level2' | 'level3', category: 'dance' | 'singing', ageBand: JudgingAgeBand, title: string, date: IsoDate, startTime: `${number}:${number}`, hall: string, capacity: number): VenueSession {
  const level = LEVELS.find((l) => l.id === levelId)!;
  return {
    id: `2027-${levelId === 'level2' ? 'l2' : 'l3'}-${category}-${ageBand}`,
    levelId,
    title,
    venue: `${level.place.name}, ${hall}`,
    date,
    startTime,
    // Slots of 5 minutes' performance and 3 minutes' changeover (PLACE_RULES).
    durationMinutes: capacity * 8,
    categories: [category],
    ageBand,
    judging: 'panel',
    feeRupees: 0,
    capacity,
  };
}

/**
 * The semi-finals and the grand finale (issue 46): one session per contest and age band, dance on
 * the main stage and singing in the second hall at the same hours (a family with a dancer and a
 * singer is given slots that do not overlap).
 */
const LATER_SESSIONS: readonly VenueSession[] = [
  stageSession('level2', 'dance', '6-8', 'Dance (6-8 years), Semi-final', '2027-08-29', '09:00', 'main stage', 24),
  stageSession('level2', 'singing', '6-8', 'Singing (6-8 years), Semi-final', '2027-08-29', '09:00', 'second hall', 24),
  stageSession('level2', 'dance', '9-12', 'Dance (9-12 years), Semi-final', '2027-08-30', '09:00', 'main stage', 24),
  stageSession('level2', 'singing', '9-12', 'Singing (9-12 years), Semi-final', '2027-08-30', '09:00', 'second hall', 24),
  stageSession('level2', 'dance', '13-17', 'Dance (13-17 years), Semi-final', '2027-08-31', '09:00', 'main stage', 24),
  stageSession('level2', 'singing', '13-17', 'Singing (13-17 years), Semi-final', '2027-08-31', '09:00', 'second hall', 24),
  stageSession('level3', 'dance', '6-8', 'Dance (6-8 years), Grand finale', '2027-12-29', '16:00', 'main stage', 5),
  stageSession('level3', 'singing', '6-8', 'Singing (6-8 years), Grand finale', '2027-12-29', '16:00', 'second hall', 5),
  stageSession('level3', 'dance', '9-12', 'Dance (9-12 years), Grand finale', '2027-12-30', '16:00', 'main stage', 5),
  stageSession('level3', 'singing', '9-12', 'Singing (9-12 years), Grand finale', '2027-12-30', '16:00', 'second hall', 5),
  stageSession('level3', 'dance', '13-17', 'Dance (13-17 years), Grand finale', '2027-12-31', '16:00', 'main stage', 5),
  stageSession('level3', 'singing', '13-17', 'Singing (13-17 years), Grand finale', '2027-12-31', '16:00', 'second hall', 5),
];

export const VENUE_SESSIONS: readonly VenueSession[] = [
  {
    id: '2027-l1-crawling-t-nagar',
    levelId: 'level1',
    title: 'Crawling (5-9 months), Level 1',
    venue: 'Partner school, T. Nagar',
    date: '2027-04-18',
    startTime: '09:30',
    durationMinutes: 150,
    categories: ['crawling'],
    ageBand: null,
    judging: 'race',
    feeRupees: levelPrice('level1', 'in-person'),
  },
  {
    id: '2027-l1-fastest-walking-anna-nagar',
    levelId: 'level1',
    title: 'Fastest Walking (9-15 months), Level 1',
    venue: 'Partner school, Anna Nagar',
    date: '2027-04-19',
    startTime: '09:30',
    durationMinutes: 150,
    categories: ['fastest-walking'],
    ageBand: null,
    judging: 'race',
    feeRupees: levelPrice('level1', 'in-person'),
  },
  {
    id: '2027-l1-dance-6-8-velachery',
    levelId: 'level1',
    title: 'Dance (6-8 years), Level 1',
    venue: 'Partner school, Velachery',
    date: '2027-04-20',
    startTime: '10:00',
    durationMinutes: 180,
    categories: ['dance'],
    ageBand: '6-8',
    judging: 'panel',
    feeRupees: levelPrice('level1', 'in-person'),
  },
  {
    id: '2027-l1-singing-6-8-t-nagar',
    levelId: 'level1',
    title: 'Singing (6-8 years), Level 1',
    venue: 'Partner school, T. Nagar',
    date: '2027-04-19',
    startTime: '14:00',
    durationMinutes: 180,
    categories: ['singing'],
    ageBand: '6-8',
    judging: 'panel',
    feeRupees: levelPrice('level1', 'in-person'),
  },
  {
    id: '2027-l1-dance-9-12-tambaram',
    levelId: 'level1',
    title: 'Dance (9-12 years), Level 1',
    venue: 'Partner school, Tambaram',
    date: '2027-04-20',
    startTime: '11:00',
    durationMinutes: 180,
    categories: ['dance'],
    ageBand: '9-12',
    judging: 'panel',
    feeRupees: levelPrice('level1', 'in-person'),
  },
  ...LATER_SESSIONS,
];


export function venueSessionById(id: string): VenueSession | undefined {
  return VENUE_SESSIONS.find((session) => session.id === id);
}

/** A roster on a device expires by itself this many days after its session (docs/product.md, "Venue mode"). */
export const ROSTER_KEEP_DAYS = 3;

/**
 * How long after the season's last contest day the organisers keep families' personal details
 * (results, certificates and questions settle by then). The DPDP Rules 2025 ask for erasure once
 * the purpose is served; server/retention carries it out on retentionDate().
 */
export const RETENTION_DAYS_AFTER_LAST_EVENT = 180;

/** A fixed erasure day for this season, or null for the default (RETENTION_DAYS_AFTER_LAST_EVENT). */
export const RETENTION_DATE: IsoDate | null = null;

/** Families with an email are told this long before their data is erased. */
export const RETENTION_NOTICE_HOURS = 48;

/** The day this season's personal data is erased. */
export function retentionDate(): IsoDate {
  return RETENTION_DATE ?? addDays(lastLevel().endsOn, RETENTION_DAYS_AFTER_LAST_EVENT);
}

/** The moment the erasure is due: the start of retentionDate() in Chennai. */
export function retentionAt(): Date {
  return startOfDay(retentionDate());
}

/**
 * Every private link we email a family works until the season's personal data is erased (ADR 013,
 * as changed by issue 44): the erasure deletes the links, and one the family asks for deletes
 * them sooner. The links expire at the erasure's due moment too, so none outlives it.
 */
export function familyLinkExpiresAt(): Date {
  return retentionAt();
}

/** The moment families are told (RETENTION_NOTICE_HOURS before retentionAt()). */
export function retentionNoticeAt(): Date {
  return new Date(retentionAt().getTime() - RETENTION_NOTICE_HOURS * 60 * 60 * 1000);
}

/** A day as people read it, e.g. "28 June 2028". */
export function formatDay(day: IsoDate): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
