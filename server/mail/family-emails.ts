import { formatAge, type AgeUnit } from '@domain/age-bands';
import { categoryBySlug, type CategorySlug } from '@domain/categories';
import { contestName, TAMIL_CATEGORY, TAMIL_LEVEL } from '@domain/contest-names';
import { strongestPhrase } from '@domain/family-feedback';
import { rubricFor } from '@domain/judging';
import type { Language } from '@domain/languages';
import type { Registration } from '@domain/registration';
import { placeLabel, raceTimeLabel } from '@domain/live-judging';
import { CONTACT, LEVELS, SEASON, formatDay, type VenueSession } from '@domain/season';
import type { PaymentTerms } from '../lib/payment-request';
import { escapeHtml } from '../lib/html';
import type { MailMessage } from './mail-transport';
import { qrPng } from './qr-code';
import { plural } from '@domain/plural';

/**
 * Every word the family's emails say, in one module: a language is one more `Copy`. A family
 * gets the copy of the language they registered in (`registrations.language`, ADR 015).
 */

export type FamilyEmailData = {
  language: Language;
  /** What the email shows of the registration: the API's own shape, never a copy of it. */
  registration: Pick<
    Registration,
    'referenceCode' | 'type' | 'name' | 'age' | 'ageUnit' | 'email' | 'phone' | 'city' | 'instituteName'
  > & { categories: readonly CategorySlug[] };
  consent: { guardianName: string; noticeVersion: string } | null;
  /** True when a child's registration has no consent to the current privacy notice. */
  consentNeeded: boolean;
  /** The family's private link (PUBLIC_URL/my/<token>). */
  link: string;
  linkExpiresAt: Date;
  correctionsCloseAt: Date;
  now: Date;
  /** What the family is asked to pay, and how; null when nothing is asked. */
  payment: PaymentTerms | null;
};

type Line = { label: string; value: string };

/** A payment's receipt, as its email shows it. */
export type Receipt = { number: string; amountPaise: number; method: 'cash' | 'upi' | 'bank' | null; occurredAt: string; referenceCode: string };

/**
 * What a person typed, shown as quoted data on its labelled line, never as words or a link of
 * ours: line breaks and other hidden characters become spaces (ZWJ and ZWNJ stay, Tamil needs
 * them), and a web address is broken with a zero-width space so mail programs do not link it.
 * The schemas refuse all of these now; rows stored before them may still hold them.
 */
export function asData(value: string): string {
  const flat = value.replace(/(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  return `“${flat.replace(/:\/\//g, ':\u200b//').replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}\u200b.`)}”`;
}

/** The words of the summary of what was registered (`summaryLines`). */
type SummaryWords = {
  labels: Record<'type' | 'name' | 'age' | 'institute' | 'contests' | 'city' | 'email' | 'phone' | 'consent', string>;
  type: Record<Registration['type'], string>;
  age(age: number, unit: AgeUnit): string;
  contest(slug: CategorySlug): string;
  /** The consent given, or null when the current notice still needs one. */
  consent(given: { guardianName: string; noticeVersion: string } | null): string;
};

type Copy = {
  confirmationSubject(code: string): string;
  linkSubject(code: string): string;
  greeting: string;
  confirmationIntro: string;
  referenceLabel: string;
  referenceHint: string;
  qrAlt(code: string): string;
  summaryHeading: string;
  summary: SummaryWords;
  datesHeading: string;
  linkHeading: string;
  /** What the private page is for; `correct` says until when the registration can be corrected (or why not). */
  linkUses(correct: string): string;
  correctUntil(date: string): string;
  correctClosed: string;
  linkWarning(expires: string): string;
  linkIntro(code: string, name: string | null): string;
  /** Earlier links keep working; the family's page turns them off. */
  linkOlderLinks: string;
  linkNotYou: string;
  questions: string;
  signature: string;
  formatDate(date: Date): string;
  payHeading: string;
  /** What the online contests cost, and how to pay them (or that paying online is not open yet). */
  payOnline(payment: PaymentTerms, amount: string, code: string): string[];
  payButton(amount: string): string;
  payQrAlt(amount: string): string;
  payAtVenue(payment: PaymentTerms, amount: string): string;
  receiptSubject(code: string, receipt: string): string;
  receiptIntro(name: string): string;
  receiptLabels: Record<'number' | 'amount' | 'method' | 'date' | 'reference', string>;
  paidBy: Record<NonNullable<Receipt['method']>, string>;
  receiptStatus(owed: string | null): string;
  withdrawnSubject(code: string, receipt: string): string;
  withdrawnIntro(name: string, receipt: string, amount: string): string;
  withdrawnNext: string;
  reminderSubject(code: string): string;
  reminderIntro(name: string, when: ReminderWhen, deadline: string): string;
  /** The season's levels: name, dates and venue. */
  levelDates(): Line[];
  resultSubject(code: string): string;
  resultIntro(name: string): string;
  resultLine(result: RoundResultLine): Line;
  /** The child's strongest criteria in words (domain/family-feedback.ts), and the heading of the judges' notes. */
  resultStrongest(criteria: string): string;
  resultNotes: string;
  /** The child goes through in at least one contest: where and when the next level is. */
  resultQualified(name: string): string;
  resultThanks(name: string): string;
  /** Where the certificate is (issue 25): issued when the results are published. */
  resultCertificate: string;
  /** A live session's result (issue 45): where and when, then the place, with how it was reached. */
  sessionResultSubject(code: string): string;
  sessionResultIntro(name: string, session: VenueSession): string;
  sessionResultLine(result: SessionResultLine): Line;
};

/** One child's published result in a live session, as its email shows it. */
export type SessionResultLine = {
  category: CategorySlug;
  final: number | null;
  timeMs: number | null;
  place: number | null;
  pool: number;
  qualifies: boolean;
  /** Judges of the panel who stepped back (knew the child), and points taken off for time. */
  recused: number;
  deduction: number;
};

/** One contest's published result, as the result email shows it, with the judges' visible notes and the strongest criteria's ids. */
export type RoundResultLine = { category: CategorySlug; final: number | null; place: number | null; pool: number; qualifies: boolean; notes: readonly string[]; strongest: readonly string[] };

const english: Copy = {
  confirmationSubject: (code) => `Registration confirmed: ${code}`,
  linkSubject: (code) => `Your private link for registration ${code}`,
  greeting: 'Hello,',
  confirmationIntro: `Thank you for registering for the ${SEASON.name}. This email confirms what we received.`,
  referenceLabel: 'Reference code',
  referenceHint: 'Please keep this email. At the venue, show the reference code or the QR code below.',
  qrAlt: (code) => `QR code of reference ${code}`,
  summaryHeading: 'What you registered',
  summary: {
    labels: { type: 'Registered as', name: "Child's name", age: 'Age', institute: 'Institute', contests: 'Contests', city: 'City', email: 'Email', phone: 'Phone', consent: 'Parental consent' },
    type: { participant: 'Participant (a child)', institute: 'Institute' },
    age: formatAge,
    contest: (slug) => categoryBySlug(slug).name,
    consent: (given) =>
      given ? `given by ${given.guardianName} (privacy notice version ${given.noticeVersion})` : 'not recorded yet: please give it on your private page (link below)',
  },
  payHeading: 'Entry fee',
  payOnline: (payment, amount, code) =>
    payment.upi
      ? [
          `To pay: ${amount} for ${payment.online.contests === 1 ? '1 online contest' : `${payment.online.contests} online contests`}, by UPI to ${payment.upi.payeeName} (${payment.upi.address}).`,
          `On your phone, use the button below; on a computer, scan the QR code with your phone's UPI app. Keep the reference ${code} in the payment's note, so we can match it.`,
        ]
      : [
          `To pay: ${amount} for ${payment.online.contests === 1 ? '1 online contest' : `${payment.online.contests} online contests`}.`,
          `Paying online is not open yet. Pay the fee in cash at the venue on the day, or call us on ${CONTACT.phone} or write to ${CONTACT.email}.`,
        ],
  payButton: (amount) => `Pay ${amount} with a UPI app`,
  payQrAlt: (amount) => `QR code to pay ${amount} by UPI`,
  payAtVenue: (payment, amount) =>
    `${payment.atVenue.contests === 1 ? '1 in-person contest' : `${payment.atVenue.contests} in-person contests`}: ${amount}, paid in cash at the venue on the day.`,
  receiptSubject: (code, receipt) => `Payment received: receipt ${receipt} for ${code}`,
  receiptIntro: (name) => `Thank you: we have received your payment for ${name}'s registration.`,
  receiptLabels: { number: 'Receipt number', amount: 'Amount', method: 'Paid by', date: 'Date', reference: 'Reference code' },
  paidBy: { cash: 'cash', upi: 'UPI', bank: 'bank transfer' },
  receiptStatus: (owed) => (owed ? `Still to pay online: ${owed}. Your private page shows how.` : 'The online fee for this registration is now paid in full.'),
  withdrawnSubject: (code, receipt) => `Receipt ${receipt} for ${code} withdrawn`,
  withdrawnIntro: (name, receipt, amount) =>
    `We sent you receipt ${receipt} for a payment of ${amount} for ${name}'s registration. We took that payment from our bank statement by mistake, so the receipt is withdrawn.`,
  withdrawnNext: 'If you did pay, you need do nothing: once we have checked the statement again we will record your payment and send a new receipt.',
  reminderSubject: (code) => `Reminder: the entry fee for ${code}`,
  reminderIntro: (name, when, deadline) =>
    when === 'after-deadline'
      ? `Registrations closed on ${deadline}, and we have not received the online entry fee for ${name}. Please pay it now, or write to us if something stops you. If you have just paid, thank you: you can ignore this email.`
      : when === 'before-deadline'
        ? `Registrations close on ${deadline}, and we have not yet received the online entry fee for ${name}. If you have just paid, thank you: you can ignore this email.`
        : `We have not yet received the online entry fee for ${name}'s registration. If you have just paid, thank you: you can ignore this email.`,
  datesHeading: 'Contest dates',
  linkHeading: 'Your private page',
  linkUses: (correct) =>
    `Open it to see your registration, ${correct}, send your child's video or photos for the online contests, cancel it, download your data or ask us to erase it.`,
  correctUntil: (date) => `correct it until ${date}`,
  correctClosed: 'see why it can no longer be corrected',
  linkWarning: (expires) =>
    `Anyone with this link can see and change the registration, so please do not share it. It works until ${expires}.`,
  linkIntro: (code, name) =>
    `You asked for the private link to registration ${code}${name ? ` (${asData(name)})` : ''}. Here it is:`,
  linkOlderLinks:
    'Links we sent you before for this registration keep working. If one reached someone it should not have (a lost phone, a forwarded email), open your page and choose “Turn off every older link”.',
  linkNotYou: 'If you did not ask for this, you can ignore this email: the link was sent only to you.',
  questions: `Questions? Write to ${CONTACT.email} or call ${CONTACT.phone}.`,
  signature: `${SEASON.name}, ${SEASON.city}`,
  formatDate: (date) =>
    new Intl.DateTimeFormat('en-IN', { timeZone: SEASON.timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(date),
  levelDates: () => LEVELS.map((level) => ({ label: level.title, value: `${level.date} (${level.venue})` })),
  resultSubject: (code) => `Level 1 results for ${code}`,
  resultIntro: (name) => `The judges have scored every entry of Level 1, and the results are out. Here is how ${asData(name)} did:`,
  resultLine: (result) => ({
    label: categoryBySlug(result.category).name,
    value:
      result.final === null || result.place === null
        ? 'not scored (the entry could not be judged)'
        : `${result.final.toFixed(2)} out of 100, place ${result.place} of ${result.pool}${result.qualifies ? ': through to the semi-finals' : ''}`,
  }),
  resultStrongest: (criteria) => `Strongest: ${criteria}`,
  resultNotes: 'From the judges:',
  resultQualified: (name) => {
    const next = LEVEL2();
    return `Congratulations: ${asData(name)} goes through to ${next.title}, ${next.date}, at ${next.place.name}, ${next.place.locality}. Your private page shows the result; we will send the semi-final's details before the day.`;
  },
  resultCertificate: 'Your child’s certificate is on your private page (the link below), ready to download and print. Its QR code lets anyone check that it is real.',
  resultThanks: (name) =>
    `Thank you for taking part. This time ${asData(name)} does not go through to the semi-finals. We hope to see you again next season.`,
  sessionResultSubject: (code) => `Your child's result at the venue: ${code}`,
  sessionResultIntro: (name, session) =>
    `The judges' results of ${session.title} (${session.venue}, ${formatDay(session.date)}) are out. Here is how ${asData(name)} did:`,
  sessionResultLine: (result) => {
    const how = [
      result.final !== null ? `${result.final.toFixed(2)} out of 100` : null,
      result.timeMs !== null ? raceTimeLabel(result.timeMs, 'en') : null,
      result.place !== null ? `${placeLabel(result.place, 'en')} of ${result.pool}` : 'no place (did not finish or was not scored)',
      result.recused > 0 ? `scored by the rest of the panel: ${plural(result.recused, { one: 'one judge knew', other: '# judges knew' })} the performer and stepped back` : null,
      result.deduction > 0 ? `${plural(result.deduction, { one: '# point', other: '# points' })} taken off for going over the time limit` : null,
    ].filter(Boolean);
    return { label: categoryBySlug(result.category).name, value: `${how.join(', ')}${result.qualifies ? ': through to the semi-finals' : ''}` };
  },
};

const LEVEL2 = () => LEVELS.find((level) => level.id === 'level2')!;

const tamilDays = (from: string, to: string) =>
  new Intl.DateTimeFormat('ta-IN', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).formatRange(
    new Date(`${from}T00:00:00Z`),
    new Date(`${to}T00:00:00Z`),
  );

const tamil: Copy = {
  confirmationSubject: (code) => `பதிவு உறுதிசெய்யப்பட்டது: ${code}`,
  linkSubject: (code) => `பதிவு ${code}க்கான உங்கள் தனிப்பட்ட இணைப்பு`,
  greeting: 'வணக்கம்,',
  confirmationIntro: `கிட்ஸ் டேலண்ட் போட்டி ${SEASON.year}க்குப் பதிவு செய்ததற்கு நன்றி. நாங்கள் பெற்றவற்றை இந்த மின்னஞ்சல் உறுதிசெய்கிறது.`,
  referenceLabel: 'குறிப்பு எண்',
  referenceHint: 'இந்த மின்னஞ்சலைப் பத்திரமாக வைத்திருங்கள். போட்டி நடக்கும் இடத்தில் குறிப்பு எண்ணையோ கீழே உள்ள QR குறியீட்டையோ காட்டுங்கள்.',
  qrAlt: (code) => `குறிப்பு எண் ${code}இன் QR குறியீடு`,
  summaryHeading: 'நீங்கள் பதிவு செய்தவை',
  summary: {
    labels: { type: 'பதிவு வகை', name: 'குழந்தையின் பெயர்', age: 'வயது', institute: 'நிறுவனம்', contests: 'போட்டிகள்', city: 'ஊர்', email: 'மின்னஞ்சல்', phone: 'தொலைபேசி எண்', consent: 'பெற்றோர் ஒப்புதல்' },
    type: { participant: 'பங்கேற்பாளர் (குழந்தை)', institute: 'நிறுவனம்' },
    age: (age, unit) => `${age} ${unit === 'months' ? 'மாதங்கள்' : 'வயது'}`,
    contest: (slug) => TAMIL_CATEGORY[slug],
    consent: (given) =>
      given
        ? `${given.guardianName} அவர்களால் வழங்கப்பட்டது (தனியுரிமை அறிவிப்பு பதிப்பு ${given.noticeVersion})`
        : 'இன்னும் பதிவாகவில்லை: உங்கள் தனிப்பட்ட பக்கத்தில் (கீழே உள்ள இணைப்பு) வழங்குங்கள்',
  },
  payHeading: 'பதிவுக் கட்டணம்',
  payOnline: (payment, amount, code) =>
    payment.upi
      ? [
          `செலுத்த வேண்டியது: ${payment.online.contests} ஆன்லைன் ${payment.online.contests === 1 ? 'போட்டிக்கு' : 'போட்டிகளுக்கு'} ${amount}, UPI மூலம் ${payment.upi.payeeName} (${payment.upi.address}) கணக்குக்கு.`,
          `போனில் கீழே உள்ள பொத்தானைத் தொடுங்கள்; கணினியில் பார்த்தால், உங்கள் போனின் UPI செயலியால் QR குறியீட்டை ஸ்கேன் செய்யுங்கள். நாங்கள் சரிபார்க்க, குறிப்பு எண் ${code} பணம் செலுத்தும் குறிப்பில் இருக்கட்டும்.`,
        ]
      : [
          `செலுத்த வேண்டியது: ${payment.online.contests} ஆன்லைன் ${payment.online.contests === 1 ? 'போட்டிக்கு' : 'போட்டிகளுக்கு'} ${amount}.`,
          `ஆன்லைனில் பணம் செலுத்துவது இன்னும் தொடங்கவில்லை. போட்டி நாளில் அந்த இடத்திலேயே ரொக்கமாகச் செலுத்துங்கள், அல்லது ${CONTACT.phone} என்ற எண்ணில் அழையுங்கள், ${CONTACT.email} முகவரிக்கு எழுதுங்கள்.`,
        ],
  payButton: (amount) => `UPI செயலியில் ${amount} செலுத்து`,
  payQrAlt: (amount) => `UPI மூலம் ${amount} செலுத்துவதற்கான QR குறியீடு`,
  payAtVenue: (payment, amount) =>
    `${payment.atVenue.contests} நேரடிப் ${payment.atVenue.contests === 1 ? 'போட்டிக்கு' : 'போட்டிகளுக்கு'} ${amount}, போட்டி நாளில் அந்த இடத்திலேயே ரொக்கமாகச் செலுத்த வேண்டும்.`,
  receiptSubject: (code, receipt) => `கட்டணம் பெறப்பட்டது: ${code}க்கான ரசீது ${receipt}`,
  receiptIntro: (name) => `நன்றி: ${name} அவர்களின் பதிவுக்கான உங்கள் கட்டணம் எங்களுக்குக் கிடைத்தது.`,
  receiptLabels: { number: 'ரசீது எண்', amount: 'தொகை', method: 'செலுத்திய முறை', date: 'தேதி', reference: 'குறிப்பு எண்' },
  paidBy: { cash: 'ரொக்கம்', upi: 'UPI', bank: 'வங்கிப் பரிமாற்றம்' },
  receiptStatus: (owed) => (owed ? `இன்னும் ஆன்லைனில் செலுத்த வேண்டியது: ${owed}. எப்படி என்று உங்கள் தனிப்பட்ட பக்கம் காட்டும்.` : 'இந்தப் பதிவுக்கான ஆன்லைன் கட்டணம் முழுமையாகச் செலுத்தப்பட்டது.'),
  withdrawnSubject: (code, receipt) => `${code}க்கான ரசீது ${receipt} திரும்பப் பெறப்பட்டது`,
  withdrawnIntro: (name, receipt, amount) =>
    `${name} அவர்களின் பதிவுக்கான ${amount} கட்டணத்துக்கு ரசீது ${receipt} அனுப்பியிருந்தோம். எங்கள் வங்கி அறிக்கையிலிருந்து அந்தக் கட்டணத்தைத் தவறாகப் பதிவு செய்துவிட்டோம்; எனவே அந்த ரசீது திரும்பப் பெறப்படுகிறது.`,
  withdrawnNext: 'நீங்கள் உண்மையில் பணம் செலுத்தியிருந்தால் எதுவும் செய்ய வேண்டாம்: வங்கி அறிக்கையை மீண்டும் சரிபார்த்ததும் உங்கள் கட்டணத்தைப் பதிவு செய்து புதிய ரசீது அனுப்புவோம்.',
  reminderSubject: (code) => `நினைவூட்டல்: ${code}க்கான பதிவுக் கட்டணம்`,
  reminderIntro: (name, when, deadline) =>
    when === 'after-deadline'
      ? `பதிவுகள் ${deadline} அன்று முடிவடைந்துவிட்டன; ${name} அவர்களுக்கான ஆன்லைன் பதிவுக் கட்டணம் இன்னும் எங்களுக்குக் கிடைக்கவில்லை. இப்போதே செலுத்துங்கள்; ஏதாவது தடை இருந்தால் எங்களுக்கு எழுதுங்கள். இப்போதுதான் செலுத்தியிருந்தால் நன்றி: இந்த மின்னஞ்சலைப் பொருட்படுத்த வேண்டாம்.`
      : when === 'before-deadline'
      ? `பதிவுகள் ${deadline} அன்று முடிவடைகின்றன; ${name} அவர்களுக்கான ஆன்லைன் பதிவுக் கட்டணம் இன்னும் எங்களுக்குக் கிடைக்கவில்லை. இப்போதுதான் செலுத்தியிருந்தால் நன்றி: இந்த மின்னஞ்சலைப் பொருட்படுத்த வேண்டாம்.`
      : `${name} அவர்களின் பதிவுக்கான ஆன்லைன் பதிவுக் கட்டணம் இன்னும் எங்களுக்குக் கிடைக்கவில்லை. இப்போதுதான் செலுத்தியிருந்தால் நன்றி: இந்த மின்னஞ்சலைப் பொருட்படுத்த வேண்டாம்.`,
  datesHeading: 'போட்டித் தேதிகள்',
  linkHeading: 'உங்கள் தனிப்பட்ட பக்கம்',
  linkUses: (correct) =>
    `இதைத் திறந்து உங்கள் பதிவைப் பார்க்கலாம், ${correct}, ஆன்லைன் போட்டிகளுக்குக் குழந்தையின் வீடியோ அல்லது புகைப்படங்களை அனுப்பலாம், ரத்து செய்யலாம், உங்கள் தகவல்களைப் பதிவிறக்கலாம், அல்லது அவற்றை அழிக்கச் சொல்லலாம்.`,
  correctUntil: (date) => `${date} வரை திருத்தலாம்`,
  correctClosed: 'இனி ஏன் திருத்த முடியாது என்பதைப் பார்க்கலாம்',
  linkWarning: (expires) =>
    `இந்த இணைப்பு உள்ள எவரும் பதிவைப் பார்க்கவும் மாற்றவும் முடியும்; எனவே யாருடனும் பகிர வேண்டாம். ${expires} வரை இது வேலை செய்யும்.`,
  linkIntro: (code, name) => `பதிவு ${code}${name ? ` (${asData(name)})` : ''}க்கான தனிப்பட்ட இணைப்பைக் கேட்டிருந்தீர்கள். இதோ:`,
  linkOlderLinks:
    'இந்தப் பதிவுக்கு முன்பு அனுப்பிய இணைப்புகளும் தொடர்ந்து வேலை செய்யும். அவற்றில் ஒன்று வேறு யாரிடமாவது சென்றிருந்தால் (தொலைந்த போன், பகிர்ந்த மின்னஞ்சல்), உங்கள் பக்கத்தைத் திறந்து “பழைய இணைப்புகள் அனைத்தையும் நிறுத்து” என்பதைத் தேர்ந்தெடுங்கள்.',
  linkNotYou: 'இதை நீங்கள் கேட்கவில்லை என்றால், இந்த மின்னஞ்சலைப் புறக்கணிக்கலாம்: இணைப்பு உங்களுக்கு மட்டுமே அனுப்பப்பட்டது.',
  questions: `கேள்விகளா? ${CONTACT.email} என்ற முகவரிக்கு எழுதுங்கள் அல்லது ${CONTACT.phone} என்ற எண்ணில் அழையுங்கள்.`,
  signature: `கிட்ஸ் டேலண்ட் போட்டி ${SEASON.year}, சென்னை`,
  formatDate: (date) =>
    new Intl.DateTimeFormat('ta-IN', { timeZone: SEASON.timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(date),
  levelDates: () =>
    LEVELS.map((level) => ({ label: TAMIL_LEVEL[level.id] ?? level.title, value: `${tamilDays(level.startsOn, level.endsOn)} (${level.place.name})` })),
  resultSubject: (code) => `${code}: நிலை 1 முடிவுகள்`,
  resultIntro: (name) => `நிலை 1இன் ஒவ்வொரு படைப்பையும் நடுவர்கள் மதிப்பிட்டுவிட்டனர்; முடிவுகள் வெளியாகியுள்ளன. ${asData(name)} பெற்ற முடிவுகள்:`,
  resultLine: (result) => ({
    label: TAMIL_CATEGORY[result.category],
    value:
      result.final === null || result.place === null
        ? 'மதிப்பிடப்படவில்லை (படைப்பை மதிப்பிட முடியவில்லை)'
        : `100க்கு ${result.final.toFixed(2)}, ${result.pool} பேரில் ${result.place}ஆம் இடம்${result.qualifies ? ': அரையிறுதிக்குத் தகுதி' : ''}`,
  }),
  resultStrongest: (criteria) => `சிறப்பாக அமைந்தவை: ${criteria}`,
  resultNotes: 'நடுவர்கள் எழுதியவை:',
  resultQualified: (name) => {
    const next = LEVEL2();
    return `வாழ்த்துகள்! ${asData(name)} அரையிறுதிக்குத் தகுதி பெற்றுள்ளார் (நிலை 2, Semi-Finals): ${tamilDays(next.startsOn, next.endsOn)}, ${next.place.name}, ${next.place.locality}. முடிவை உங்கள் தனிப்பட்ட பக்கத்தில் காணலாம்; அரையிறுதி விவரங்களை அதற்கு முன் அனுப்புவோம்.`;
  },
  resultCertificate: 'உங்கள் குழந்தையின் சான்றிதழ் உங்கள் தனிப்பட்ட பக்கத்தில் (கீழே உள்ள இணைப்பு) உள்ளது; பதிவிறக்கி அச்சிடலாம். அதன் QR குறியீட்டைக் கொண்டு அது உண்மையானது என யாரும் சரிபார்க்கலாம்.',
  resultThanks: (name) =>
    `பங்கேற்றதற்கு நன்றி. இந்த முறை ${asData(name)} அரையிறுதிக்குத் தகுதி பெறவில்லை. அடுத்த பருவத்தில் மீண்டும் சந்திப்போம்.`,
  sessionResultSubject: (code) => `${code}: போட்டி அரங்கில் உங்கள் குழந்தையின் முடிவு`,
  sessionResultIntro: (name, session) =>
    `${TAMIL_CATEGORY[session.categories[0]!]} (${session.venue}, ${tamilDays(session.date, session.date)}) போட்டியின் நடுவர் முடிவுகள் வெளியாகியுள்ளன. ${asData(name)} பெற்ற முடிவு:`,
  sessionResultLine: (result) => {
    const how = [
      result.final !== null ? `100க்கு ${result.final.toFixed(2)}` : null,
      result.timeMs !== null ? raceTimeLabel(result.timeMs, 'ta') : null,
      result.place !== null ? `${result.pool} பேரில் ${placeLabel(result.place, 'ta')}` : 'இடம் இல்லை (முடிக்கவில்லை அல்லது மதிப்பிடப்படவில்லை)',
      result.recused > 0 ? `குழுவின் மற்ற நடுவர்கள் மதிப்பிட்டனர்: ${result.recused} நடுவர் போட்டியாளரை அறிந்திருந்ததால் விலகினார்` : null,
      result.deduction > 0 ? `நேர வரம்பைத் தாண்டியதால் ${plural(result.deduction, { one: '# புள்ளி குறைக்கப்பட்டது', other: '# புள்ளிகள் குறைக்கப்பட்டன' }, 'ta')}` : null,
    ].filter(Boolean);
    return { label: TAMIL_CATEGORY[result.category], value: `${how.join(', ')}${result.qualifies ? ': அரையிறுதிக்குத் தகுதி' : ''}` };
  },
};

const COPY: { en: Copy } & Partial<Record<Language, Copy>> = { en: english, ta: tamil };

function copyFor(language: Language): Copy {
  return COPY[language] ?? COPY.en;
}

/** What was registered, line by line, in the copy's words. */
function summaryLines(words: SummaryWords, data: FamilyEmailData): Line[] {
  const r = data.registration;
  const lines: Line[] = [{ label: words.labels.type, value: words.type[r.type] }];
  if (r.name) lines.push({ label: words.labels.name, value: asData(r.name) });
  if (r.age !== null && r.ageUnit) lines.push({ label: words.labels.age, value: words.age(r.age, r.ageUnit) });
  if (r.instituteName) lines.push({ label: words.labels.institute, value: asData(r.instituteName) });
  lines.push(
    { label: words.labels.contests, value: r.categories.map(words.contest).join(', ') },
    { label: words.labels.city, value: asData(r.city) },
    { label: words.labels.email, value: r.email },
    { label: words.labels.phone, value: r.phone },
  );
  if (r.type === 'participant') {
    const given = data.consent && !data.consentNeeded ? { guardianName: asData(data.consent.guardianName), noticeVersion: data.consent.noticeVersion } : null;
    lines.push({ label: words.labels.consent, value: words.consent(given) });
  }
  return lines;
}

/** What the private page is for, with until when the registration can still be corrected. */
function linkUses(copy: Copy, data: FamilyEmailData): string {
  return copy.linkUses(data.now < data.correctionsCloseAt ? copy.correctUntil(copy.formatDate(new Date(data.correctionsCloseAt.getTime() - 1))) : copy.correctClosed);
}

const QR_CID = 'reference-qr@kids-talent-competition';
const PAY_QR_CID = 'upi-qr@kids-talent-competition';

/** The confirmation: reference code, what was registered, the season's dates, the QR code and the private link. */
export async function confirmationEmail(data: FamilyEmailData): Promise<MailMessage> {
  const copy = copyFor(data.language);
  const code = data.registration.referenceCode;
  const summary = summaryLines(copy.summary, data);
  const dates = copy.levelDates();
  const expires = copy.formatDate(new Date(data.linkExpiresAt.getTime() - 1));
  const pay = paymentLines(copy, data);

  const text = [
    copy.greeting,
    '',
    copy.confirmationIntro,
    '',
    `${copy.referenceLabel}: ${code}`,
    copy.referenceHint,
    '',
    copy.summaryHeading,
    ...summary.map((line) => `- ${line.label}: ${line.value}`),
    '',
    ...payText(copy, pay),
    copy.datesHeading,
    ...dates.map((line) => `- ${line.label}: ${line.value}`),
    '',
    copy.linkHeading,
    data.link,
    linkUses(copy, data),
    copy.linkWarning(expires),
    '',
    ...paragraphsText([copy.questions, copy.signature]),
  ].join('\n');

  const html = page(data.language, [
    `<p>${escapeHtml(copy.greeting)}</p>`,
    `<p>${escapeHtml(copy.confirmationIntro)}</p>`,
    `<p style="font-size:20px">${escapeHtml(copy.referenceLabel)}: <strong style="font-family:monospace;letter-spacing:1px">${escapeHtml(code)}</strong></p>`,
    `<p>${escapeHtml(copy.referenceHint)}</p>`,
    `<p><img src="cid:${QR_CID}" width="232" height="232" alt="${escapeHtml(copy.qrAlt(code))}"></p>`,
    `<h2 style="font-size:18px">${escapeHtml(copy.summaryHeading)}</h2>`,
    table(summary),
    ...payBlock(copy, pay),
    `<h2 style="font-size:18px">${escapeHtml(copy.datesHeading)}</h2>`,
    table(dates),
    ...linkSection(copy, data),
    ...paragraphsHtml([linkUses(copy, data), copy.linkWarning(expires), copy.questions, copy.signature]),
  ]);

  return {
    to: data.registration.email,
    subject: copy.confirmationSubject(code),
    text,
    html,
    attachments: [await qrImage(`${code}.png`, code, QR_CID), ...(await payQrImages(code, pay))],
  };
}

/** The private link's heading and the link itself, in HTML. */
function linkSection(copy: Copy, data: FamilyEmailData): string[] {
  return [`<h2 style="font-size:18px">${escapeHtml(copy.linkHeading)}</h2>`, `<p><a href="${escapeHtml(data.link)}">${escapeHtml(data.link)}</a></p>`];
}

/** The fee block in the plain text: what to pay and the UPI link. */
function payText(copy: Copy, pay: ReturnType<typeof paymentLines>): string[] {
  return pay ? [copy.payHeading, ...pay.paragraphs, ...(pay.upiLink ? [pay.upiLink] : []), ''] : [];
}

/** The fee block in HTML: what to pay, a button that opens a UPI app, and the QR code of the same link. */
function payBlock(copy: Copy, pay: ReturnType<typeof paymentLines>): string[] {
  if (!pay) return [];
  return [
    `<h2 style="font-size:18px">${escapeHtml(copy.payHeading)}</h2>`,
    ...paragraphsHtml(pay.paragraphs),
    ...(pay.upiLink && pay.amount
      ? [
          `<p><a href="${escapeHtml(pay.upiLink)}" style="display:inline-block;padding:12px 20px;border-radius:999px;background:#5b2a86;color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(copy.payButton(pay.amount))}</a></p>`,
          `<p><img src="cid:${PAY_QR_CID}" width="232" height="232" alt="${escapeHtml(copy.payQrAlt(pay.amount))}"></p>`,
        ]
      : []),
  ];
}

/** A QR code as an image the HTML shows by its content id. */
async function qrImage(filename: string, content: string, cid: string): Promise<NonNullable<MailMessage['attachments']>[number]> {
  return { filename, content: await qrPng(content), contentType: 'image/png', cid };
}

/** The QR code of the UPI link, when the fee block has one. */
async function payQrImages(code: string, pay: ReturnType<typeof paymentLines>): Promise<NonNullable<MailMessage['attachments']>> {
  return pay?.upiLink ? [await qrImage(`${code}-upi.png`, pay.upiLink, PAY_QR_CID)] : [];
}

/** The fee block's words, and the UPI link when there is one; null when nothing is asked. */
function paymentLines(copy: Copy, data: FamilyEmailData): { paragraphs: string[]; upiLink: string | null; amount: string | null } | null {
  const payment = data.payment;
  if (!payment) return null;
  const rupees = (amount: number) => new Intl.NumberFormat(data.language === 'ta' ? 'ta-IN' : 'en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(amount);
  // What is still to pay online (nothing once it is paid).
  const online = payment.owedOnline > 0 ? rupees(payment.owedOnline) : null;
  const paragraphs = [
    ...(online ? copy.payOnline(payment, online, data.registration.referenceCode) : []),
    ...(payment.atVenue.rupees > 0 ? [copy.payAtVenue(payment, rupees(payment.atVenue.rupees))] : []),
  ];
  return { paragraphs, upiLink: online ? (payment.upi?.link ?? null) : null, amount: online };
}

/** The private link again, for a family who asked for it ("find my registration"). */
export function familyLinkEmail(data: FamilyEmailData): MailMessage {
  const copy = copyFor(data.language);
  const code = data.registration.referenceCode;
  const name = data.registration.name ?? data.registration.instituteName;
  const expires = copy.formatDate(new Date(data.linkExpiresAt.getTime() - 1));
  const paragraphs = [linkUses(copy, data), copy.linkWarning(expires), copy.linkOlderLinks, copy.linkNotYou, copy.questions];
  const text = [copy.greeting, '', copy.linkIntro(code, name), data.link, '', ...paragraphs, '', copy.signature, ''].join('\n');
  const html = page(data.language, [
    `<p>${escapeHtml(copy.greeting)}</p>`,
    `<p>${escapeHtml(copy.linkIntro(code, name))}</p>`,
    `<p><a href="${escapeHtml(data.link)}">${escapeHtml(data.link)}</a></p>`,
    ...paragraphsHtml([...paragraphs, copy.signature]),
  ]);
  return { to: data.registration.email, subject: copy.linkSubject(code), text, html };
}

const rupeesIn = (language: Language, paise: number) =>
  new Intl.NumberFormat(language === 'ta' ? 'ta-IN' : 'en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 }).format(paise / 100);

const childOf = (data: FamilyEmailData) => data.registration.name ?? data.registration.instituteName ?? data.registration.referenceCode;

/**
 * The emails that follow one frame: the greeting, an intro, a table of lines (when the email has one)
 * with what goes under it, paragraphs, the private link and the signature.
 */
function followUpEmail(
  copy: Copy,
  data: FamilyEmailData,
  email: { subject: string; intro: string; lines?: Line[]; afterLines?: { text: string[]; html: string[] }; paragraphs: string[] },
): MailMessage {
  const { intro, lines, afterLines, paragraphs } = email;
  const text = [
    copy.greeting,
    '',
    intro,
    '',
    ...(lines ? [...lines.map((line) => `- ${line.label}: ${line.value}`), ''] : []),
    ...(afterLines?.text ?? []),
    ...paragraphs,
    '',
    copy.linkHeading,
    ...paragraphsText([data.link, copy.signature]),
  ].join('\n');
  const html = page(data.language, [
    `<p>${escapeHtml(copy.greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...(lines ? [table(lines)] : []),
    ...(afterLines?.html ?? []),
    ...paragraphsHtml(paragraphs),
    ...linkSection(copy, data),
    `<p>${escapeHtml(copy.signature)}</p>`,
  ]);
  return { to: data.registration.email, subject: email.subject, text, html };
}

/** What is still to pay online, in the family's language; null once it is paid. */
const owedOnline = (data: FamilyEmailData) => (data.payment && data.payment.owedOnline > 0 ? rupeesIn(data.language, data.payment.owedOnline * 100) : null);

/** A round's published results for one registration, in the family's language (issue 24). */
export function roundResultEmail(data: FamilyEmailData, results: readonly RoundResultLine[]): MailMessage {
  const copy = copyFor(data.language);
  const name = childOf(data);
  const verdict = results.some((result) => result.qualifies) ? copy.resultQualified(name) : copy.resultThanks(name);
  const words = results.flatMap((result) => judgesWords(copy, data.language, result));
  return followUpEmail(copy, data, {
    subject: copy.resultSubject(data.registration.referenceCode),
    intro: copy.resultIntro(name),
    lines: results.map((result) => copy.resultLine(result)),
    afterLines: {
      text: words.flatMap((part) => [part.contest, ...(part.strongest ? [part.strongest] : []), ...(part.notes.length > 0 ? [copy.resultNotes, ...part.notes.map((note) => `  ${note}`)] : []), '']),
      html: words.map(
        (part) =>
          `<h2 style="font-size:17px;margin:20px 0 4px">${escapeHtml(part.contest)}</h2>` +
          (part.strongest ? `<p style="margin:4px 0">${escapeHtml(part.strongest)}</p>` : '') +
          (part.notes.length > 0
            ? `<p style="margin:8px 0 4px">${escapeHtml(copy.resultNotes)}</p>${part.notes.map((note) => `<blockquote style="margin:4px 0 8px 12px;padding-left:10px;border-left:3px solid #c9c9c9">${escapeHtml(note)}</blockquote>`).join('')}`
            : ''),
      ),
    },
    paragraphs: [verdict, copy.resultCertificate, copy.questions],
  });
}

/** A contest's strongest criteria in words and the judges' notes (quoted as data: the judges typed them), when there are any. */
function judgesWords(copy: Copy, language: Language, result: RoundResultLine): { contest: string; strongest: string | null; notes: string[] }[] {
  const rubric = rubricFor(result.category);
  const phrase = rubric.kind === 'scores' && result.strongest.length > 0 ? strongestPhrase(rubric.criteria, result.strongest, language) : '';
  if (!phrase && result.notes.length === 0) return [];
  return [{ contest: contestName(result.category, language), strongest: phrase ? copy.resultStrongest(phrase) : null, notes: result.notes.map(asData) }];
}

/** A live session's result (issue 45): one email per child, in the family's language, when the session is published. */
export function sessionResultEmail(data: FamilyEmailData, session: VenueSession, result: SessionResultLine): MailMessage {
  const copy = copyFor(data.language);
  const name = childOf(data);
  return followUpEmail(copy, data, {
    subject: copy.sessionResultSubject(data.registration.referenceCode),
    intro: copy.sessionResultIntro(name, session),
    lines: [copy.sessionResultLine(result)],
    paragraphs: [result.qualifies ? copy.resultQualified(name) : copy.resultThanks(name), copy.resultCertificate, copy.questions],
  });
}

/**
 * The receipt for one payment (ADR 024), in the family's language: its number, amount, how and
 * when it was paid, and whether anything is still to pay online.
 */
export function receiptEmail(data: FamilyEmailData, receipt: Receipt): MailMessage {
  const copy = copyFor(data.language);
  const labels = copy.receiptLabels;
  return followUpEmail(copy, data, {
    subject: copy.receiptSubject(data.registration.referenceCode, receipt.number),
    intro: copy.receiptIntro(childOf(data)),
    lines: [
      { label: labels.number, value: receipt.number },
      { label: labels.amount, value: rupeesIn(data.language, receipt.amountPaise) },
      { label: labels.method, value: copy.paidBy[receipt.method ?? 'bank'] },
      { label: labels.date, value: copy.formatDate(new Date(receipt.occurredAt)) },
      { label: labels.reference, value: receipt.referenceCode },
    ],
    paragraphs: [copy.receiptStatus(owedOnline(data)), copy.questions],
  });
}

/**
 * A receipt withdrawn (issue 49): the statement import that recorded its payment was undone. Says
 * which receipt, that a real payment will be recorded again, and what is still to pay online.
 */
export function withdrawnEmail(data: FamilyEmailData, receipt: Receipt): MailMessage {
  const copy = copyFor(data.language);
  const owed = owedOnline(data);
  return followUpEmail(copy, data, {
    subject: copy.withdrawnSubject(data.registration.referenceCode, receipt.number),
    intro: copy.withdrawnIntro(childOf(data), receipt.number, rupeesIn(data.language, receipt.amountPaise)),
    paragraphs: [copy.withdrawnNext, ...(owed ? [copy.receiptStatus(owed)] : []), copy.questions],
  });
}

/** Which reminder: 3 days after registering, 2 days before registrations close, or once they have closed. */
export type ReminderWhen = 'after-registering' | 'before-deadline' | 'after-deadline';

/** A reminder of the online fee still to pay, with the same way to pay as the confirmation. */
export async function reminderEmail(data: FamilyEmailData, when: ReminderWhen, deadline: Date): Promise<MailMessage> {
  const copy = copyFor(data.language);
  const code = data.registration.referenceCode;
  const pay = paymentLines(copy, data);
  const intro = copy.reminderIntro(childOf(data), when, copy.formatDate(new Date(deadline.getTime() - 1)));
  const text = [copy.greeting, '', intro, '', ...payText(copy, pay), copy.linkHeading, data.link, '', copy.questions, '', copy.signature, ''].join('\n');
  const html = page(data.language, [
    `<p>${escapeHtml(copy.greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...payBlock(copy, pay),
    ...linkSection(copy, data),
    ...paragraphsHtml([copy.questions, copy.signature]),
  ]);
  return {
    to: data.registration.email,
    subject: copy.reminderSubject(code),
    text,
    html,
    attachments: await payQrImages(code, pay),
  };
}

/** Paragraphs in a text email: each followed by a blank line. */
export const paragraphsText = (paragraphs: readonly string[]) => paragraphs.flatMap((paragraph) => [paragraph, '']);

/** Paragraphs in an HTML email, escaped. */
export const paragraphsHtml = (paragraphs: readonly string[]) => paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);

export function page(language: Language, body: string[]): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head><body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;max-width:600px;margin:0 auto;padding:16px">${body.join('')}</body></html>`;
}

function table(lines: Line[]): string {
  const rows = lines
    .map(
      (line) =>
        `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 12px 4px 0">${escapeHtml(line.label)}</th><td style="padding:4px 0">${escapeHtml(line.value)}</td></tr>`,
    )
    .join('');
  return `<table style="border-collapse:collapse">${rows}</table>`;
}

