import { z } from './zod';
import { LEVELS, SEASON, VENUE_SESSIONS, type LevelId, type VenueSession } from './season';

/**
 * The semi-finals and the grand finale (issue 46, ADR 036): who is invited where and when. A
 * child in a contest and age band (a pool) is in line for the next level by the earlier level's
 * ranking; the first ones get a session and a stage slot, and a place declined or left
 * unanswered goes to the next in line. Pure rules: the store (server/db/stores/places-store.ts)
 * applies them under its locks.
 */

/** The levels reached by qualifying. */
export type LaterLevelId = Exclude<LevelId, 'level1'>;

/** The season module's rules for places at the later levels (change them here for a new season). */
export const PLACE_RULES = {
  /** A performance on stage, at most (the spec: 5 minutes at the semi-finals). */
  performMinutes: 5,
  /** Between two performers: the next one walks on, the sound is set. */
  changeoverMinutes: 3,
  /** How long a family has to answer an invitation. */
  answerDays: 7,
  /** One reminder this long before the answer is due, to a family that has not answered. */
  reminderDaysBefore: 2,
  /** The semi-finals send this many per contest and age band to the grand finale. */
  finalistsPerPool: 5,
} as const;

/** What the grand finale's first three are called, on the certificate, the page and the email. */
export const FINALE_TITLES: readonly { en: string; ta: string }[] = [
  { en: 'Champion', ta: 'சாம்பியன்' },
  { en: 'First runner-up', ta: 'முதல் ரன்னர்-அப்' },
  { en: 'Second runner-up', ta: 'இரண்டாம் ரன்னர்-அப்' },
];

/** The grand finale's title for a place, or null beyond the titled places. */
export function finaleTitle(place: number | null, language: 'en' | 'ta'): string | null {
  const title = place === null ? undefined : FINALE_TITLES[place - 1];
  return title ? title[language] : null;
}

/** The sessions of a later level (the season module's VENUE_SESSIONS with a capacity). */
export type StageSession = Pick<VenueSession, 'id' | 'levelId' | 'title' | 'venue' | 'date' | 'startTime' | 'categories' | 'ageBand'> & { capacity: number };

export function stageSessionsOf(levelId: LaterLevelId, sessions: readonly VenueSession[] = VENUE_SESSIONS): StageSession[] {
  return sessions
    .filter((session): session is VenueSession & { capacity: number } => session.levelId === levelId && typeof session.capacity === 'number')
    .sort((a, b) => `${a.date}T${a.startTime}`.localeCompare(`${b.date}T${b.startTime}`) || a.id.localeCompare(b.id));
}

/** A contest and age band at a level: where a line forms. */
export const poolKey = (pool: { category: string; ageBand: string }) => `${pool.category}|${pool.ageBand}`;

export function sessionsOfPool(pool: { category: string; ageBand: string }, sessions: readonly StageSession[]): StageSession[] {
  return sessions.filter((session) => session.categories[0] === pool.category && session.ageBand === pool.ageBand);
}

export const SLOT_MINUTES = PLACE_RULES.performMinutes + PLACE_RULES.changeoverMinutes;

/** When slot `slot` (1, 2, …) of a session starts: the session's start plus the slots before it. */
export function slotStart(session: Pick<StageSession, 'date' | 'startTime'>, slot: number): Date {
  const start = new Date(`${session.date}T${session.startTime}:00${SEASON.utcOffset}`);
  return new Date(start.getTime() + (slot - 1) * SLOT_MINUTES * 60_000);
}

/** A slot's time as families read it in Chennai ("10:16 AM" / "காலை 10:16"). */
export function slotTimeLabel(at: Date, language: 'en' | 'ta'): string {
  return new Intl.DateTimeFormat(language === 'ta' ? 'ta-IN' : 'en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: SEASON.timeZone }).format(at);
}

/**
 * One child to seat: the keys they share with other families (a guardian's email and phone, an
 * institute), so two children of one family or one institute are never on two stages at once.
 */
export type Seating = { id: string; pool: string; shared: readonly string[] };
export type HeldSlot = { sessionId: string; slot: number; shared: readonly string[] };
export type Seat = { id: string; sessionId: string; slot: number; clash: boolean };

/**
 * Gives each child (in line order) the first free slot of their pool's sessions whose time does
 * not overlap a slot already held by someone they share a guardian or an institute with, on any
 * stage of the level. When every free slot clashes, the first free one is given and marked
 * (`clash`), for the admin to move. A pool without a free slot leaves the child out.
 */
export function assignSlots(sessions: readonly StageSession[], held: readonly HeldSlot[], children: readonly Seating[]): Seat[] {
  const slotMs = SLOT_MINUTES * 60_000;
  // Each session's start once (a date parsed per slot looked at would be most of the work).
  const startOf = new Map(sessions.map((session) => [session.id, slotStart(session, 1).getTime()]));
  const taken = new Map<string, Set<number>>();
  // The lowest slot of each session that may still be free: seats fill from the front.
  const lowestFree = new Map<string, number>();
  const busy = new Map<string, { from: number; to: number }[]>();
  const hold = (sessionId: string, slot: number, shared: readonly string[]) => {
    const start = startOf.get(sessionId);
    if (start === undefined) return;
    const set = taken.get(sessionId) ?? new Set<number>();
    set.add(slot);
    taken.set(sessionId, set);
    const from = start + (slot - 1) * slotMs;
    for (const key of shared) {
      const list = busy.get(key) ?? [];
      list.push({ from, to: from + slotMs });
      busy.set(key, list);
    }
  };
  for (const slot of held) hold(slot.sessionId, slot.slot, slot.shared);
  const poolSessions = new Map<string, StageSession[]>();
  for (const session of sessions) {
    const key = poolKey({ category: session.categories[0] ?? '', ageBand: session.ageBand ?? '' });
    const list = poolSessions.get(key);
    if (list) list.push(session);
    else poolSessions.set(key, [session]);
  }
  const seats: Seat[] = [];
  for (const child of children) {
    let first: { sessionId: string; slot: number } | null = null;
    let chosen: { sessionId: string; slot: number } | null = null;
    for (const session of poolSessions.get(child.pool) ?? []) {
      const used = taken.get(session.id);
      const start = startOf.get(session.id)!;
      let slot = lowestFree.get(session.id) ?? 1;
      while (slot <= session.capacity && used?.has(slot)) slot += 1;
      lowestFree.set(session.id, slot);
      for (; slot <= session.capacity && !chosen; slot += 1) {
        if (used?.has(slot)) continue;
        first ??= { sessionId: session.id, slot };
        const from = start + (slot - 1) * slotMs;
        const to = from + slotMs;
        const clashes = child.shared.some((key) => busy.get(key)?.some((other) => other.from < to && from < other.to));
        if (!clashes) chosen = { sessionId: session.id, slot };
      }
      if (chosen) break;
    }
    const seat = chosen ?? first;
    if (!seat) continue;
    hold(seat.sessionId, seat.slot, child.shared);
    seats.push({ id: child.id, ...seat, clash: chosen === null });
  }
  return seats;
}

/** A guardian's keys for the clash rule: the email and the phone's last 10 digits. */
export function sharedKeys(family: { email: string; phone: string; institute: string | null }, normaliseInstitute: (name: string) => string): string[] {
  const keys = [`email:${family.email.trim().toLowerCase()}`, `phone:${family.phone.replace(/\D/g, '').slice(-10)}`];
  if (family.institute?.trim()) keys.push(`institute:${normaliseInstitute(family.institute)}`);
  return keys;
}

/**
 * How many places a pool has: the number who qualified from the earlier level, at most the seats
 * of the pool's sessions. A place declined or left unanswered is offered again, so the places
 * stay filled while anyone is left in line.
 */
export function placesInPool(qualified: number, sessions: readonly StageSession[]): number {
  return Math.min(qualified, sessions.reduce((sum, session) => sum + session.capacity, 0));
}

/** A place's life: in line, invited, then accepted, declined or lapsed (never invited again). */
export const OFFER_STATES = ['waiting', 'invited', 'accepted', 'declined', 'lapsed'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/** The moment an invitation made `at` must be answered by. */
export function answerBy(at: Date): Date {
  return new Date(at.getTime() + PLACE_RULES.answerDays * 86_400_000);
}

const levelParam = z.enum(['level2', 'level3'], { error: 'Choose the semi-finals or the grand finale.' });

/** A family's answer to an invitation, from its private page. */
export const offerAnswerSchema = z.object({
  levelId: levelParam,
  category: z.string().min(1).max(40),
  answer: z.enum(['accept', 'decline'], { error: 'Answer accept or decline.' }),
});
export type OfferAnswer = z.infer<typeof offerAnswerSchema>;

/** An admin's move of a place to another session or slot. */
export const offerMoveSchema = z.object({
  registrationId: z.uuid({ error: 'The registration id must be a UUID.' }),
  levelId: levelParam,
  category: z.string().min(1).max(40),
  sessionId: z.string().refine((id) => VENUE_SESSIONS.some((session) => session.id === id && session.capacity !== undefined), 'That session is not a semi-final or final session of this season.'),
  slot: z.coerce.number({ error: 'The slot is a number.' }).int('The slot is a whole number.').min(1, 'Slots start at 1.').max(500),
});
export type OfferMove = z.infer<typeof offerMoveSchema>;

export const levelOnlySchema = z.object({ levelId: levelParam });

/** What a family brings, from the level's requirements in the season module. */
export function whatToBring(levelId: LaterLevelId): readonly string[] {
  return LEVELS.find((level) => level.id === levelId)?.requirements ?? [];
}

/** A map link for a venue (opens the phone's map app on the place). */
export function mapLink(venue: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${venue}, ${SEASON.city}`)}`;
}
/** The day of a session as an ISO day. */
