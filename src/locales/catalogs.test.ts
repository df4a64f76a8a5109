import { i18n } from '@lingui/core';
import { MESSAGE_CODES } from '@domain/message-codes';
import { localizeFieldError } from '@/lib/i18n/field-error';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '@domain/categories';
import { MAX_OPEN_PAYMENT_REPORTS, TOO_MANY_OPEN_REPORTS } from '@domain/fees';
import { VENUE_SESSIONS } from '@domain/season';
import { COURSE_TEXT_FIELDS, LEVEL_TEXT_FIELDS, WEBINAR_TEXT_FIELDS, WORKSHOP_TEXT_FIELDS } from '@/config/season-text';
import { COORDINATORS, COURSES, LEVELS, SPONSORS, WEBINAR, WORKSHOP_DURATION, WORKSHOP_OFFER, WORKSHOPS } from '@/config/season';
import { CONTEST_TEXT_FIELDS, CONTESTS } from '@/features/contests/utils/contest-content';
import { OUTBOX_KIND_NAMES } from '@/lib/outbox';

// The catalogs (ADR 015, src/locales/README.md): both languages have every message, every
// message has a context comment, and the placeholders match.
type Entry = { id: string; text: string; comment: string };

function readPo(lang: string): Map<string, Entry> {
  const source = readFileSync(join(__dirname, `${lang}.po`), 'utf8');
  const entries = new Map<string, Entry>();
  const unquote = (line: string) => JSON.parse(line) as string;
  for (const block of source.split(/\n\s*\n/)) {
    const lines = block.split('\n');
    const idLine = lines.findIndex((line) => line.startsWith('msgid '));
    const textLine = lines.findIndex((line) => line.startsWith('msgstr '));
    if (idLine < 0 || textLine < 0) continue;
    const id = unquote(lines[idLine]!.slice('msgid '.length));
    if (id === '') continue;
    const text = [lines[textLine]!.slice('msgstr '.length), ...lines.slice(textLine + 1).filter((l) => l.startsWith('"'))].map(unquote).join('');
    const comment = lines.filter((line) => line.startsWith('#. ')).map((line) => line.slice(3)).join(' ');
    if (entries.has(id)) throw new Error(`${lang}.po has ${id} twice`);
    entries.set(id, { id, text, comment });
  }
  return entries;
}

const en = readPo('en');
const ta = readPo('ta');
/** A message with each plural or select as its bare placeholder (`{count, plural, one {# child} …}` → `{count}`), or as `as`. */
function withoutPlurals(text: string, as?: string): string {
  let out = text;
  for (;;) {
    const found = /\{(\w+), (?:plural|selectordinal|select),/.exec(out);
    if (!found) return out;
    let depth = 0;
    let end = found.index;
    for (; end < out.length; end++) {
      if (out[end] === '{') depth++;
      else if (out[end] === '}' && --depth === 0) break;
    }
    out = `${out.slice(0, found.index)}${as ?? `{${found[1]}}`}${out.slice(end + 1)}`;
  }
}
const placeholders = (text: string) => [...new Set([...withoutPlurals(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

/** Every id the code names literally: t('…'), i18n._('…') and the menu tables' label: '…'. */
function idsInSource(dir: string, found = new Set<string>()): Set<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) idsInSource(path, found);
    else if (/\.tsx?$/.test(name) && !name.includes('.test.')) {
      const text = readFileSync(path, 'utf8');
      for (const m of text.matchAll(/\b(?:t|i18n\._)\(\s*'([a-zA-Z][\w.:/-]*)'/g)) found.add(m[1]!);
      for (const m of text.matchAll(/\b(?:label|title|text|hint|message): '([a-z][a-zA-Z]*\.[\w.-]+)'/g)) found.add(m[1]!);
    }
  }
  return found;
}

/** The data texts (season, contests) with the ids their Tamil has: data.<kind>.<id>.<field>[.<index>]. */
function dataTexts(): Map<string, string> {
  const texts = new Map<string, string>();
  const add = (id: string, value: unknown) => {
    if (typeof value === 'string') texts.set(id, value);
    else if (Array.isArray(value)) value.forEach((item, index) => add(`${id}.${index}`, item));
  };
  for (const category of CATEGORIES) for (const field of CONTEST_TEXT_FIELDS) add(`data.contest.${category.slug}.${field}`, CONTESTS[category.slug][field]);
  for (const level of LEVELS) for (const field of LEVEL_TEXT_FIELDS) add(`data.level.${level.id}.${field}`, level[field]);
  for (const workshop of WORKSHOPS) for (const field of WORKSHOP_TEXT_FIELDS) add(`data.workshop.${workshop.id}.${field}`, workshop[field]);
  for (const course of COURSES) for (const field of COURSE_TEXT_FIELDS) add(`data.course.${course.id}.${field}`, course[field]);
  for (const field of WEBINAR_TEXT_FIELDS) add(`data.webinar.${field}`, WEBINAR[field]);
  WEBINAR.topics.forEach((topic, index) => {
    add(`data.webinar.topics.${index}.title`, topic.title);
    add(`data.webinar.topics.${index}.text`, topic.text);
  });
  for (const [key, coordinator] of Object.entries(COORDINATORS)) add(`data.coordinator.${key}.role`, coordinator.role);
  for (const sponsor of SPONSORS) add(`data.sponsor.${sponsor.id}.tagline`, sponsor.tagline);
  for (const session of VENUE_SESSIONS) for (const field of ['title', 'venue'] as const) add(`data.venueSession.${session.id}.${field}`, session[field]);
  add('data.workshop.duration', WORKSHOP_DURATION);
  add('data.workshop.offer', WORKSHOP_OFFER);
  return texts;
}

describe('message catalogs (src/locales)', () => {
  it('English and Tamil have the same ids', () => {
    expect([...en.keys()].filter((id) => !ta.has(id)), 'missing in ta.po').toEqual([]);
    expect([...ta.keys()].filter((id) => !en.has(id)), 'missing in en.po').toEqual([]);
  });

  it('no message is empty and every message has a context comment for the translator', () => {
    for (const catalog of [en, ta]) {
      for (const entry of catalog.values()) {
        expect(entry.text, entry.id).not.toBe('');
        expect(entry.comment.trim(), `${entry.id} has no #. comment`).not.toBe('');
      }
    }
  });

  it('each Tamil message has the same placeholders as its English', () => {
    for (const entry of en.values()) expect(placeholders(ta.get(entry.id)?.text ?? ''), entry.id).toEqual(placeholders(entry.text));
  });

  it('every id the code uses is in the catalogs', () => {
    const used = [...idsInSource(join(__dirname, '..'))];
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter((id) => !en.has(id))).toEqual([]);
  });

  it('every season and contest text has its Tamil, and the English catalog matches the data modules', () => {
    const texts = dataTexts();
    for (const [id, english] of texts) {
      expect(ta.get(id)?.text, `ta.po lacks ${id}`).toBeTruthy();
      expect(en.get(id)?.text, `en.po's ${id} differs from the data module`).toBe(english);
    }
    // No stale data ids left behind after the data changed.
    expect([...en.keys()].filter((id) => id.startsWith('data.') && !texts.has(id))).toEqual([]);
  });

  it("a level's Tamil dates are Intl's Tamil range of its first and last day", () => {
    // Written in the catalog so that no page makes an Intl formatter while it hydrates.
    const tamilRange = new Intl.DateTimeFormat('ta-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (const level of LEVELS) {
      const expected = tamilRange.formatRange(new Date(`${level.startsOn}T00:00:00Z`), new Date(`${level.endsOn}T00:00:00Z`));
      expect(ta.get(`data.level.${level.id}.date`)?.text, level.id).toBe(expected);
    }
  });

  it('every outbox kind has its words: its name on /saved and its count on the badge (ids built from the kind)', () => {
    const ids = OUTBOX_KIND_NAMES.flatMap((kind) => [`outbox.kind.${kind}`, `sync.count.${kind}`]);
    expect(ids.filter((id) => !en.has(id) || !ta.has(id))).toEqual([]);
  });

  it('every validation message code has its message', () => {
    expect(MESSAGE_CODES.filter((code) => !en.has(`error.${code}`) || !ta.has(`error.${code}`))).toEqual([]);
  });

  it('shows a validation message found by the shared schema (client or server) in Tamil on a Tamil page', () => {
    i18n.activate('ta');
    try {
      expect(localizeFieldError('phone', 'Enter a phone number of 10 to 13 digits.')).toBe(ta.get('error.phone.invalid')?.text);
      expect(localizeFieldError('age', 'Age must be between 1 and 17 years.')).toBe('வயது 1 முதல் 17 ஆண்டுகளுக்குள் இருக்க வேண்டும்.');
      expect(localizeFieldError('city', 'Enter a city.')).toBe('ஊர் தாருங்கள்.');
      // The server's refusal of a fourth open payment report, as the family's page shows it.
      expect(localizeFieldError('utr', TOO_MANY_OPEN_REPORTS)).toBe(withoutPlurals(ta.get('error.utr.tooManyOpen')?.text ?? '').replace('{max}', `${MAX_OPEN_PAYMENT_REPORTS} கட்டணக் குறிப்பு எண்கள்`));
      // A count of one takes the singular.
      expect(localizeFieldError('city', 'Keep the city under 1 character.')).toBe('ஊர் 1 எழுத்துக்குள் இருக்க வேண்டும்.');
    } finally {
      i18n.activate('en');
    }
    expect(localizeFieldError('city', 'Enter a city.')).toBe('Enter a city.');
  });

  it('the Tamil is Tamil: every Tamil message has Tamil letters, apart from names and numbers', () => {
    const allowedLatin = new Set(['address.line2']);
    const notTamil = [...ta.values()].filter((entry) => !/[\u0B80-\u0BFF]/.test(entry.text) && !allowedLatin.has(entry.id) && /[a-z]{3}/i.test(entry.text.replace(/\{\w+[^}]*\}/g, '')));
    expect(notTamil.map((entry) => `${entry.id}: ${entry.text}`)).toEqual([]);
  });

  it('a count meets a word only inside a plural ({count, plural, one {…} other {…}}), in both languages', () => {
    // A count placeholder (by its name) followed by a word reads "1 children" when the count is 1.
    const COUNT_NAMES = /^(count|total|missing|max|days|months|years|minutes|seconds|hours|n)$/;
    /** Where a count is followed by no word that agrees with it: the id, and why. */
    const NO_AGREEMENT: Record<string, string> = {
      'en sponsors.slide': 'a position, "2 of 5"',
      'ta sponsors.slide': 'a position, with a case ending on the number',
      'en family.entries.sending': 'a unit (MB)',
      'ta family.entries.sending': 'a unit (MB)',
    };
    /** Words after a number that never change with it: "3 of 5", "1 to 17", "1 முதல் 17 வரை". */
    const LINKING_WORDS = new Set(['of', 'to', 'and', 'முதல்', 'வரை']);
    const problems: string[] = [];
    for (const [lang, catalog] of [['en', en], ['ta', ta]] as const) {
      for (const entry of catalog.values()) {
        if (`${lang} ${entry.id}` in NO_AGREEMENT) continue;
        for (const match of withoutPlurals(entry.text, 'PLURAL').matchAll(/\{(\w+)\}\s*(\p{L}[\p{L}\p{M}]*)/gu)) {
          if (COUNT_NAMES.test(match[1]!) && !LINKING_WORDS.has(match[2]!)) problems.push(`${lang} ${entry.id}: ${entry.text}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
