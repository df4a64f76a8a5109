import { createEvent } from 'ics';
import { TAMIL_CATEGORY } from '@domain/contest-names';
import { categoryBySlug, type CategorySlug } from '@domain/categories';
import type { Language } from '@domain/languages';
import { PLACE_RULES, SLOT_MINUTES, mapLink, slotStart, slotTimeLabel, whatToBring, type LaterLevelId, type StageSession } from '@domain/later-levels';
import { SEASON, formatDay } from '@domain/season';
import { escapeHtml } from '../lib/html';
import { asData, page, type FamilyEmailData } from './family-emails';
import type { MailMessage } from './mail-transport';

/**
 * A place at the semi-finals or the grand finale (issue 46, ADR 036), in the family's language:
 * the invitation, the same again when the admin changes the session or slot, and the one reminder
 * before the answer is due. Each carries a calendar file whose UID is the place's, with the
 * change count as SEQUENCE, so a calendar updates the event instead of adding a second one.
 */

export type PlaceEmailKind = 'invited' | 'changed' | 'reminder';

export type PlaceDetails = {
  levelId: LaterLevelId;
  category: CategorySlug;
  session: StageSession;
  slot: number;
  sequence: number;
  /** Null once the family has accepted (a change to an accepted place asks for no answer). */
  answerBy: Date | null;
  registrationId: string;
};

type PlaceCopy = {
  subject(kind: PlaceEmailKind, code: string, level: string): string;
  level(levelId: LaterLevelId): string;
  intro(kind: PlaceEmailKind, name: string, level: string, contest: string): string;
  labels: { session: string; venue: string; day: string; slot: string; arrive: string; map: string };
  slotValue(time: string, slot: number): string;
  arrive(time: string): string;
  bring: string;
  answer(due: string): string;
  accepted: string;
  buttons: string;
  calendar: string;
  signature: string;
};

const english: PlaceCopy = {
  subject: (kind, code, level) =>
    kind === 'changed' ? `New time for your place at the ${level}: ${code}` : kind === 'reminder' ? `Please answer your invitation to the ${level}: ${code}` : `Your invitation to the ${level}: ${code}`,
  level: (levelId) => (levelId === 'level2' ? 'semi-finals' : 'grand finale'),
  intro: (kind, name, level, contest) =>
    kind === 'changed'
      ? `The organisers changed the session or time of ${asData(name)}'s place at the ${level} (${contest}). Here are the new details; the calendar file attached replaces the earlier one.`
      : kind === 'reminder'
        ? `We have not had your answer yet: ${asData(name)} has a place at the ${level} (${contest}). Please accept or decline it on your private page before the date below, or it goes to the next child in line.`
        : `Congratulations! ${asData(name)} is invited to the ${level} (${contest}). Here is where and when ${asData(name)} will be on stage.`,
  labels: { session: 'Session', venue: 'Venue', day: 'Day', slot: 'Stage slot', arrive: 'Please arrive by', map: 'Map' },
  slotValue: (time, slot) => `${time} (slot ${slot}; at most ${PLACE_RULES.performMinutes} minutes on stage)`,
  arrive: (time) => time,
  bring: 'What to bring',
  answer: (due) => `Please accept or decline this place on your private page (the link below) by ${due}. If we do not hear from you by then, the place goes to the next child in line.`,
  accepted: 'You have accepted this place: nothing more to do until the day.',
  buttons: 'Your private page',
  calendar: 'The attached calendar file (.ics) adds the slot to your phone’s calendar.',
  signature: `The ${SEASON.name} team`,
};

const tamil: PlaceCopy = {
  subject: (kind, code, level) =>
    kind === 'changed' ? `${code}: ${level} இடத்துக்குப் புதிய நேரம்` : kind === 'reminder' ? `${code}: ${level} அழைப்புக்குப் பதில் தாருங்கள்` : `${code}: ${level}க்கு அழைப்பு`,
  level: (levelId) => (levelId === 'level2' ? 'அரையிறுதி' : 'இறுதிப் போட்டி'),
  intro: (kind, name, level, contest) =>
    kind === 'changed'
      ? `${level} (${contest}) போட்டியில் ${asData(name)} அவர்களின் அமர்வு அல்லது நேரத்தை ஏற்பாட்டாளர்கள் மாற்றியுள்ளனர். புதிய விவரங்கள் கீழே; இணைக்கப்பட்ட நாள்காட்டிக் கோப்பு முந்தையதை மாற்றும்.`
      : kind === 'reminder'
        ? `உங்கள் பதில் இன்னும் வரவில்லை: ${asData(name)} அவர்களுக்கு ${level} (${contest}) போட்டியில் இடம் உள்ளது. கீழே உள்ள தேதிக்குள் உங்கள் தனிப்பட்ட பக்கத்தில் ஏற்கவும் அல்லது மறுக்கவும்; இல்லையெனில் இடம் வரிசையில் அடுத்த குழந்தைக்குச் செல்லும்.`
        : `வாழ்த்துகள்! ${asData(name)} ${level} (${contest}) போட்டிக்கு அழைக்கப்படுகிறார். ${asData(name)} எங்கே, எப்போது மேடையேறுகிறார் என்பது கீழே.`,
  labels: { session: 'அமர்வு', venue: 'இடம்', day: 'நாள்', slot: 'மேடை நேரம்', arrive: 'வந்து சேர வேண்டிய நேரம்', map: 'வரைபடம்' },
  slotValue: (time, slot) => `${time} (வரிசை ${slot}; மேடையில் அதிகபட்சம் ${PLACE_RULES.performMinutes} நிமிடங்கள்)`,
  arrive: (time) => time,
  bring: 'கொண்டு வர வேண்டியவை',
  answer: (due) => `${due}க்குள் உங்கள் தனிப்பட்ட பக்கத்தில் (கீழே உள்ள இணைப்பு) இந்த இடத்தை ஏற்கவும் அல்லது மறுக்கவும். அதற்குள் பதில் வராவிட்டால், இடம் வரிசையில் அடுத்த குழந்தைக்குச் செல்லும்.`,
  accepted: 'இந்த இடத்தை ஏற்றுக்கொண்டீர்கள்: போட்டி நாள் வரை வேறு எதுவும் செய்ய வேண்டியதில்லை.',
  buttons: 'உங்கள் தனிப்பட்ட பக்கம்',
  calendar: 'இணைக்கப்பட்ட நாள்காட்டிக் கோப்பு (.ics) இந்த நேரத்தை உங்கள் கைபேசியின் நாள்காட்டியில் சேர்க்கும்.',
  signature: `${SEASON.name} குழு`,
};

/** What to bring, in Tamil (the season module's requirements are in English). */
const TAMIL_BRING: Record<LaterLevelId, readonly string[]> = {
  level2: ['நிலை 1 தகுதிக் கடிதம்', 'அதிகபட்சம் 5 நிமிட நிகழ்ச்சி', 'போட்டியாளரே கொண்டு வரும் உடைகளும் பொருட்களும்'],
  level3: ['நிலை 2 தகுதிக் கடிதம்', 'அறிவிப்பாளருக்கான சிறு அறிமுகம்', 'உங்கள் நாளின் காலையில் ஒத்திகை'],
};

const ARRIVE_EARLY_MINUTES = 30;

function dayIn(language: Language, day: string): string {
  return language === 'ta'
    ? new Intl.DateTimeFormat('ta-IN', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric', weekday: 'long' }).format(new Date(`${day}T00:00:00Z`))
    : `${new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long' }).format(new Date(`${day}T00:00:00Z`))} ${formatDay(day as `${number}-${number}-${number}`)}`;
}

function dueIn(language: Language, at: Date): string {
  return new Intl.DateTimeFormat(language === 'ta' ? 'ta-IN' : 'en-GB', { timeZone: SEASON.timeZone, day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true }).format(
    new Date(at.getTime() - 60_000),
  );
}

/** The place's calendar event: same UID for every version of the place, SEQUENCE its change count. */
export function placeCalendar(place: PlaceDetails, language: Language, link: string): string {
  const start = slotStart(place.session, place.slot);
  const contest = language === 'ta' ? TAMIL_CATEGORY[place.category] : categoryBySlug(place.category).name;
  const copy = language === 'ta' ? tamil : english;
  const { error, value } = createEvent({
    productId: '-//Kids Talent Competition//Places//EN',
    method: 'PUBLISH',
    uid: `${place.registrationId}.${place.levelId}.${place.category}@kids-talent-competition`,
    sequence: place.sequence,
    start: start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: SLOT_MINUTES },
    title: `${SEASON.name}: ${contest}, ${copy.level(place.levelId)}`,
    description: `${place.session.title}. ${copy.labels.slot}: ${copy.slotValue(slotTimeLabel(start, language), place.slot)}. ${link}`,
    location: `${place.session.venue}, ${SEASON.city}`,
    url: link,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    alarms: [{ action: 'display', description: place.session.title, trigger: { hours: 2, before: true } }],
  });
  if (error || !value) throw error ?? new Error('The calendar file could not be made.');
  return value;
}

/** The invitation, a change, or the reminder, with its calendar file. */
export function placeEmail(data: FamilyEmailData, place: PlaceDetails, kind: PlaceEmailKind): MailMessage {
  const language = data.language;
  const copy = language === 'ta' ? tamil : english;
  const name = data.registration.name ?? data.registration.referenceCode;
  const level = copy.level(place.levelId);
  const contest = language === 'ta' ? TAMIL_CATEGORY[place.category] : categoryBySlug(place.category).name;
  const start = slotStart(place.session, place.slot);
  const lines = [
    { label: copy.labels.session, value: place.session.title },
    { label: copy.labels.venue, value: `${place.session.venue}, ${SEASON.city}` },
    { label: copy.labels.day, value: dayIn(language, place.session.date) },
    { label: copy.labels.slot, value: copy.slotValue(slotTimeLabel(start, language), place.slot) },
    { label: copy.labels.arrive, value: copy.arrive(slotTimeLabel(new Date(start.getTime() - ARRIVE_EARLY_MINUTES * 60_000), language)) },
  ];
  const bring = language === 'ta' ? TAMIL_BRING[place.levelId] : whatToBring(place.levelId);
  const map = mapLink(place.session.venue);
  const answer = place.answerBy ? copy.answer(dueIn(language, place.answerBy)) : copy.accepted;
  const intro = copy.intro(kind, name, level, contest);
  const text = [
    language === 'ta' ? 'வணக்கம்,' : 'Hello,',
    '',
    intro,
    '',
    ...lines.map((line) => `- ${line.label}: ${line.value}`),
    `- ${copy.labels.map}: ${map}`,
    '',
    `${copy.bring}:`,
    ...bring.map((item) => `- ${item}`),
    '',
    answer,
    copy.calendar,
    '',
    `${copy.buttons}: ${data.link}`,
    '',
    copy.signature,
    '',
  ].join('\n');
  const html = page(language, [
    `<p>${escapeHtml(language === 'ta' ? 'வணக்கம்,' : 'Hello,')}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table style="border-collapse:collapse">${lines
      .map((line) => `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 12px 4px 0">${escapeHtml(line.label)}</th><td style="padding:4px 0">${escapeHtml(line.value)}</td></tr>`)
      .join('')}</table>`,
    `<p><a href="${escapeHtml(map)}">${escapeHtml(copy.labels.map)}: ${escapeHtml(place.session.venue)}</a></p>`,
    `<h2 style="font-size:18px">${escapeHtml(copy.bring)}</h2>`,
    `<ul>${bring.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
    `<p><strong>${escapeHtml(answer)}</strong></p>`,
    `<p>${escapeHtml(copy.calendar)}</p>`,
    `<p><a href="${escapeHtml(data.link)}" style="display:inline-block;padding:12px 20px;border-radius:999px;background:#5b2a86;color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(copy.buttons)}</a></p>`,
    `<p>${escapeHtml(copy.signature)}</p>`,
  ]);
  return {
    to: data.registration.email,
    subject: copy.subject(kind, data.registration.referenceCode, level),
    text,
    html,
    attachments: [
      {
        filename: `${data.registration.referenceCode}-${place.levelId}-${place.category}.ics`,
        content: Buffer.from(placeCalendar(place, language, data.link), 'utf8'),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}
