import { awardLabel, verifyPath } from '@domain/certificates';
import type { Language } from '@domain/languages';
import { SEASON } from '@domain/season';
import { escapeHtml } from '../../lib/html';
import { serverPage } from '../../lib/server-page';
import type { Verification } from './verification';

/**
 * The certificate check page (issues 25 and 49), written by the server with no script: where a
 * certificate's QR code leads, in the certificate's language. What the certificate says (no
 * contact details), whether it is valid, revoked or not ours, and a form that checks a PDF
 * someone was given against the one we issued. The words are the app's (`verify.*` in
 * src/locales/*.po), kept here as the server's other pages keep theirs.
 */

const COPY = {
  en: {
    title: 'Certificate check',
    other: 'தமிழில் பார்க்க',
    valid: 'Valid.',
    validDetail: (season: string) => `This certificate was issued by the ${season} and has not been changed since.`,
    notValid: 'Not valid.',
    unknown: (id: string) => `We have no certificate with the id “${id}”. Check that the whole address from the QR code was opened.`,
    revoked: (date: string, reason: string) => `The organisers revoked this certificate on ${date}: ${reason}`,
    replacement: 'See the corrected certificate that replaced it',
    tampered: 'What we hold for this id does not match its signature. Do not trust this certificate; write to us.',
    says: 'What the certificate says',
    child: 'Child',
    award: 'Award',
    contest: 'Contest',
    level: 'Level',
    levelNumber: (level: number) => `Level ${level}`,
    season: 'Season',
    issuedOn: 'Issued on',
    id: 'Certificate id',
    checkTitle: 'Check a copy',
    checkLead: 'Were you given this certificate as a PDF? Choose the file: we compare it, byte for byte, with the one we issued. A copy someone has edited does not match.',
    checkFile: 'The certificate’s PDF file',
    checkMissing: 'Choose the PDF file first.',
    checkButton: 'Check this file',
    fileMatches: 'This file is exactly the certificate we issued.',
    fileMatchesRevoked: 'This file is the certificate we issued, but it has since been revoked (see above).',
    fileDiffers: 'This file is not the certificate we issued: it has been changed, or it is a different file. Trust only what this page shows.',
    tooLarge: 'That file is far larger than any certificate of ours (over 5 MB). Choose the certificate’s PDF file.',
    notAFile: 'Nothing came with the form. Choose the certificate’s PDF file and check it again.',
    otherSite: 'Files are checked only from this site’s own pages. Open the certificate’s address and check the file there.',
    technical: 'Certificates are signed with Ed25519 (a JSON Web Signature).',
    keys: 'Our public keys',
    back: 'Back to the certificate',
  },
  ta: {
    title: 'சான்றிதழ் சரிபார்ப்பு',
    other: 'View in English',
    valid: 'செல்லுபடியானது.',
    validDetail: (season: string) => `இந்தச் சான்றிதழை ${season} வழங்கியது; அதன் பிறகு இது மாற்றப்படவில்லை.`,
    notValid: 'செல்லுபடியாகாது.',
    unknown: (id: string) => `“${id}” என்ற எண்ணுடன் எங்களிடம் சான்றிதழ் எதுவும் இல்லை. QR குறியீட்டின் முழு முகவரியும் திறக்கப்பட்டதா எனச் சரிபாருங்கள்.`,
    revoked: (date: string, reason: string) => `அமைப்பாளர்கள் இந்தச் சான்றிதழை ${date} அன்று திரும்பப் பெற்றனர்: ${reason}`,
    replacement: 'இதற்குப் பதிலாக வழங்கப்பட்ட திருத்திய சான்றிதழைப் பாருங்கள்',
    tampered: 'இந்த எண்ணுக்கு எங்களிடம் உள்ளது அதன் கையொப்பத்துடன் பொருந்தவில்லை. இந்தச் சான்றிதழை நம்ப வேண்டாம்; எங்களுக்கு எழுதுங்கள்.',
    says: 'சான்றிதழில் உள்ளவை',
    child: 'குழந்தை',
    award: 'விருது',
    contest: 'போட்டி',
    level: 'நிலை',
    levelNumber: (level: number) => `நிலை ${level}`,
    season: 'பருவம்',
    issuedOn: 'வழங்கிய நாள்',
    id: 'சான்றிதழ் எண்',
    checkTitle: 'ஒரு நகலைச் சரிபாருங்கள்',
    checkLead: 'இந்தச் சான்றிதழ் உங்களுக்கு PDF ஆகக் கிடைத்ததா? அந்தக் கோப்பைத் தேர்ந்தெடுங்கள்: நாங்கள் வழங்கியதுடன் ஒவ்வொரு பைட்டாக ஒப்பிடுவோம். யாரேனும் திருத்திய நகல் பொருந்தாது.',
    checkFile: 'சான்றிதழின் PDF கோப்பு',
    checkMissing: 'முதலில் PDF கோப்பைத் தேர்ந்தெடுங்கள்.',
    checkButton: 'இந்தக் கோப்பைச் சரிபார்',
    fileMatches: 'இந்தக் கோப்பு நாங்கள் வழங்கிய சான்றிதழே, எந்த மாற்றமும் இல்லை.',
    fileMatchesRevoked: 'இந்தக் கோப்பு நாங்கள் வழங்கிய சான்றிதழே; ஆனால் அது பின்னர் திரும்பப் பெறப்பட்டது (மேலே பாருங்கள்).',
    fileDiffers: 'இந்தக் கோப்பு நாங்கள் வழங்கிய சான்றிதழ் அல்ல: அது மாற்றப்பட்டுள்ளது, அல்லது வேறு கோப்பு. இந்தப் பக்கம் காட்டுவதை மட்டுமே நம்புங்கள்.',
    tooLarge: 'இந்தக் கோப்பு எங்கள் எந்தச் சான்றிதழையும் விட மிகப் பெரியது (5 MB-க்கு மேல்). சான்றிதழின் PDF கோப்பைத் தேர்ந்தெடுங்கள்.',
    notAFile: 'படிவத்துடன் கோப்பு எதுவும் வரவில்லை. சான்றிதழின் PDF கோப்பைத் தேர்ந்தெடுத்து மீண்டும் சரிபாருங்கள்.',
    otherSite: 'இந்தத் தளத்தின் பக்கங்களிலிருந்து மட்டுமே கோப்புகள் சரிபார்க்கப்படும். சான்றிதழின் முகவரியைத் திறந்து அங்கே கோப்பைச் சரிபாருங்கள்.',
    technical: 'சான்றிதழ்கள் Ed25519 (JSON Web Signature) மூலம் கையொப்பமிடப்படுகின்றன.',
    keys: 'எங்கள் பொதுச் சாவிகள்',
    back: 'சான்றிதழுக்குத் திரும்ப',
  },
} as const;

/** The page's language, and the site's public origin (for the hreflang link). */
export type At = { language: Language; origin: string };

/** Why a file sent with the form could not be checked. */
export type CheckProblem = 'missing' | 'too-large' | 'not-a-form' | 'other-site';

const LOCALE: Record<Language, string> = { en: 'en-IN', ta: 'ta-IN' };
const LONG_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

/** A calendar day (YYYY-MM-DD) as "1 May 2027" / "1 மே, 2027", as the app wrote it. */
const formatDay = (day: string, language: Language) => new Intl.DateTimeFormat(LOCALE[language], { ...LONG_DAY, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
/** The day of an instant in Chennai. */
const formatDayOf = (instant: string, language: Language) => new Intl.DateTimeFormat(LOCALE[language], { ...LONG_DAY, timeZone: SEASON.timeZone }).format(new Date(instant));

const other = (language: Language): Language => (language === 'ta' ? 'en' : 'ta');

/** Where the form posts: the check's answer opens at the form and its verdict. */
export const checkPath = (id: string, language: Language) => `${verifyPath(id, language)}/check`;

function page({ language, origin }: At, otherLanguagePath: string, body: string): string {
  const copy = COPY[language];
  const nav = `<a href="${escapeHtml(otherLanguagePath)}" lang="${other(language)}">${escapeHtml(copy.other)}</a>`;
  return serverPage({ language, title: copy.title, otherLanguagePath, origin, nav, body, style: STYLE, sameOriginReferrer: true });
}

/** A certificate we issued: its status, what it says, the file check (with its outcome, after a check) and the keys. */
export function verifyPage(at: At, verification: Verification, checked?: { matches: boolean }): string {
  const { language } = at;
  const copy = COPY[language];
  const body = `<h1>${escapeHtml(copy.title)}</h1>
${status(language, verification)}
${statement(language, verification)}
${checkSection(language, verification, checked)}
<p class="technical">${escapeHtml(copy.technical)} <a href="/.well-known/jwks.json">${escapeHtml(copy.keys)}</a></p>`;
  return page(at, verifyPath(verification.id, other(language)), body);
}

/** An id we never issued, or that is not an id at all (shown cut to 40 characters). */
export function notOursPage(at: At, id: string): string {
  const { language } = at;
  const copy = COPY[language];
  const shown = id.slice(0, 40);
  const body = `<h1>${escapeHtml(copy.title)}</h1>
<p class="status bad" role="status"><strong>${escapeHtml(copy.notValid)}</strong> ${escapeHtml(copy.unknown(shown))}</p>`;
  return page(at, verifyPath(encodeURIComponent(shown), other(language)), body);
}

/** Too many checks from one address: why, and when to try again (the rate limit's words). */
export function refusalPage(at: At, id: string, message: string): string {
  const { language } = at;
  const copy = COPY[language];
  const body = `<h1>${escapeHtml(copy.title)}</h1>
<p class="status bad" role="alert">${escapeHtml(message)}</p>`;
  return page(at, verifyPath(id, other(language)), body);
}

/**
 * A file that could not be checked (none, too large, not a form, another site's form): why, and
 * the way back to the certificate's page. It does not repeat what the certificate says.
 */
export function checkProblemPage(at: At, id: string, problem: CheckProblem): string {
  const { language } = at;
  const copy = COPY[language];
  const message = { missing: copy.checkMissing, 'too-large': copy.tooLarge, 'not-a-form': copy.notAFile, 'other-site': copy.otherSite }[problem];
  const body = `<h1>${escapeHtml(copy.checkTitle)}</h1>
<p class="status bad" role="alert">${escapeHtml(message)}</p>
<p class="back"><a href="${escapeHtml(verifyPath(id, language))}#check">${escapeHtml(copy.back)}</a></p>`;
  return page(at, verifyPath(id, other(language)), body);
}

function status(language: Language, verification: Verification): string {
  const copy = COPY[language];
  if (verification.status === 'valid') {
    return `<p class="status good" role="status"><strong>${escapeHtml(copy.valid)}</strong> ${escapeHtml(copy.validDetail(SEASON.name))}</p>`;
  }
  if (verification.status === 'revoked') {
    const date = verification.revokedAt ? formatDayOf(verification.revokedAt, language) : '';
    const replacement = verification.replacedBy
      ? `\n<p><a href="${escapeHtml(verifyPath(verification.replacedBy, language))}">${escapeHtml(copy.replacement)}</a></p>`
      : '';
    return `<div class="status bad" role="status">
<p><strong>${escapeHtml(copy.notValid)}</strong> ${escapeHtml(copy.revoked(date, verification.revokedReason ?? ''))}</p>${replacement}
</div>`;
  }
  return `<p class="status bad" role="status"><strong>${escapeHtml(copy.notValid)}</strong> ${escapeHtml(copy.tampered)}</p>`;
}

function statement(language: Language, verification: Verification): string {
  const copy = COPY[language];
  const s = verification.statement;
  const line = (term: string, value: string, lang?: string) => `<dt>${escapeHtml(term)}</dt><dd${lang ? ` lang="${escapeHtml(lang)}"` : ''}>${value}</dd>`;
  return `<section class="statement" aria-labelledby="statement-heading">
<h2 id="statement-heading">${escapeHtml(copy.says)}</h2>
<dl>
${line(copy.child, escapeHtml(s.childName), s.language)}
${line(copy.award, escapeHtml(awardLabel(s.award, language)))}
${line(copy.contest, `${escapeHtml(s.contest)}, ${escapeHtml(s.ageBand)}`, s.language)}
${line(copy.level, escapeHtml(copy.levelNumber(s.level)))}
${line(copy.season, escapeHtml(s.season))}
${line(copy.issuedOn, escapeHtml(formatDay(s.issuedOn, language)))}
${line(copy.id, `<code>${escapeHtml(verification.id)}</code>`)}
</dl>
</section>`;
}

function checkSection(language: Language, verification: Verification, checked: { matches: boolean } | undefined): string {
  const copy = COPY[language];
  return `<section class="check" id="check" aria-labelledby="check-heading">
<h2 id="check-heading">${escapeHtml(copy.checkTitle)}</h2>
<p>${escapeHtml(copy.checkLead)}</p>
<form method="post" enctype="multipart/form-data" action="${escapeHtml(checkPath(verification.id, language))}#check">
<label for="check-file">${escapeHtml(copy.checkFile)}</label>
<input id="check-file" name="file" type="file" accept="application/pdf,.pdf" required>
<button type="submit">${escapeHtml(copy.checkButton)}</button>
</form>${checked ? `\n${verdict(language, verification, checked.matches)}` : ''}
</section>`;
}

function verdict(language: Language, verification: Verification, matches: boolean): string {
  const copy = COPY[language];
  const good = matches && verification.status === 'valid';
  const [head, text] = !matches ? [copy.notValid, copy.fileDiffers] : good ? [copy.valid, copy.fileMatches] : [copy.notValid, copy.fileMatchesRevoked];
  return `<p class="status ${good ? 'good' : 'bad'}" role="status"><strong>${escapeHtml(head)}</strong> ${escapeHtml(text)}</p>`;
}

const STYLE = `
h2{font-size:1.25rem;line-height:1.3;margin:1.5rem 0 .5rem}
.status{border-radius:.5rem;padding:.75rem 1rem;border:2px solid currentcolor;margin:1rem 0}
.status p{margin:.25rem 0}
.good{color:#14532d;background:#ecfdf3}.bad{color:#7f1d1d;background:#fef2f2}
.status a{color:inherit}
.statement dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
.statement dt{font-weight:600}.statement dd{margin:0;overflow-wrap:anywhere}
.check form{display:grid;gap:.5rem;justify-items:start}
.check label{font-weight:600}
input[type=file]{font:inherit;max-width:100%;min-height:44px}
button{font:inherit;font-weight:600;min-height:44px;padding:.5rem 1.25rem;border:0;border-radius:.5rem;background:var(--accent);color:#fff;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.technical{font-size:.875rem;color:var(--muted)}
.back a{display:inline-block;min-height:44px;padding:.625rem 0}
@media (max-width:30rem){.statement dl{grid-template-columns:1fr;gap:0}.statement dd{margin-bottom:.5rem}}
`;
