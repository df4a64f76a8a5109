import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Language } from '@domain/languages';
import { registrationFormSchema } from '@domain/registration';
import { registrationOfPostedForm, type PostedForm } from '@domain/registration-form-post';
import { REFERENCE_CODE_PATTERN } from '@domain/reference-code';
import { fieldErrorsOf, type FieldErrors } from '@domain/validation';
import type { AppEnv } from '../../context';
import { sameOrigin } from '../../lib/csrf';
import { ApiError } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { limitPublicWrite } from '../../lib/rate-limits';
import { serverPage } from '../../lib/server-page';
import { unstorableTextFields } from '../../lib/storable-text';
import { createRegistration } from '../../db/stores/registration-store';
import { consentProblems } from './registration-batch';

/** A registration form is a few hundred bytes; anything near this is not one. */
const FORM_LIMIT_BYTES = 16 * 1024;

const COPY = {
  en: {
    received: 'Registration received',
    thanks: 'Thank you. Your registration has reached the organisers.',
    code: 'Your reference code',
    keep: 'Keep this code: you need it to find your registration, pay the fee and follow the results. We are emailing it to you with your private link.',
    another: 'Register another child',
    home: 'Home',
    notSent: 'Your registration was not sent',
    check: 'Some answers need attention. Go back with your browser’s Back button (your answers are still in the form), correct these and send it again:',
    back: 'Open a blank form',
    conflict: 'This form was already sent with different answers',
    conflictText: 'The first answers were kept. To change them, use the private link in your confirmation email, or call us.',
    refused: 'We could not take this registration now',
    otherSite: 'Forms are taken only from this site’s own pages.',
  },
  ta: {
    received: 'பதிவு பெறப்பட்டது',
    thanks: 'நன்றி. உங்கள் பதிவு ஏற்பாட்டாளர்களுக்கு அனுப்பப்பட்டது.',
    code: 'உங்கள் குறிப்பு எண்',
    keep: 'இந்த எண்ணை வைத்துக்கொள்ளுங்கள்: உங்கள் பதிவைக் கண்டறிய, கட்டணம் செலுத்த, முடிவுகளைப் பார்க்க இது தேவை. உங்கள் தனிப்பட்ட இணைப்புடன் இதை மின்னஞ்சலிலும் அனுப்புகிறோம்.',
    another: 'இன்னொரு குழந்தையைப் பதிவு செய்ய',
    home: 'முகப்பு',
    notSent: 'உங்கள் பதிவு அனுப்பப்படவில்லை',
    check: 'சில பதில்களைச் சரிசெய்ய வேண்டும். உலாவியின் பின்செல் (Back) பொத்தானால் படிவத்துக்குத் திரும்புங்கள் (உங்கள் பதில்கள் அங்கேயே உள்ளன), இவற்றைச் சரிசெய்து மீண்டும் அனுப்புங்கள்:',
    back: 'புதிய படிவத்தைத் திறக்க',
    conflict: 'இந்தப் படிவம் வேறு பதில்களுடன் ஏற்கெனவே அனுப்பப்பட்டது',
    conflictText: 'முதல் பதில்கள் வைக்கப்பட்டன. அவற்றை மாற்ற, உறுதிப்படுத்தல் மின்னஞ்சலில் உள்ள தனிப்பட்ட இணைப்பைப் பயன்படுத்துங்கள், அல்லது எங்களை அழையுங்கள்.',
    refused: 'இந்தப் பதிவை இப்போது ஏற்க முடியவில்லை',
    otherSite: 'இந்தத் தளத்தின் பக்கங்களிலிருந்து மட்டுமே படிவங்கள் ஏற்கப்படும்.',
  },
} as const;

const formLimit = bodyLimit({
  maxSize: FORM_LIMIT_BYTES,
  onError: (c) => c.html(refusal(languageOf(c.req.path), 'This is far longer than a registration form.'), 413),
});

const prefix = (language: Language) => (language === 'ta' ? '/ta' : '');
const formPath = (language: Language) => `${prefix(language)}/registration`;
const receivedPath = (language: Language) => `${prefix(language)}/registration/received`;

/**
 * The registration form sent by the browser itself (ADR 031): before the page's script has run
 * (a parent on slow data who taps Register at once), or in a browser with no script at all. The
 * same schema, consent rules, rate limit and store as POST /api/registrations; the record's id
 * comes from the page, so the same form sent again (a second tap, or later through the page's
 * outbox) is stored once. A stored form answers 303 to the confirmation with its code. A form
 * the page's script will check again (it made an id) answers 204, so the page stays as it is,
 * answers and all, and the script shows what needs attention; with no script, a page says it.
 */
export const registrationFormRoutes = new Hono<AppEnv>()
  .post('/registration', formLimit, (c) => receive(c, 'en'))
  .post('/ta/registration', formLimit, (c) => receive(c, 'ta'))
  .get('/registration/received', (c) => received(c, 'en'))
  .get('/ta/registration/received', (c) => received(c, 'ta'));

function languageOf(path: string): Language {
  return path.startsWith('/ta/') ? 'ta' : 'en';
}

async function receive(c: Context<AppEnv>, language: Language) {
  c.header('Cache-Control', 'no-store');
  const copy = COPY[language];
  if (!sameOrigin(c)) return c.html(refusal(language, copy.otherSite), 403);
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) {
    return c.html(refusal(language, 'Not a form.'), 415);
  }
  const body = await c.req.parseBody({ all: true });
  const form: PostedForm = {};
  for (const [name, value] of Object.entries(body)) {
    const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    form[name] = values.length === 1 ? values[0] : values;
  }
  const madeByPage = typeof form.id === 'string' && form.id.trim() !== '';
  try {
    await limitPublicWrite(c, [{ bucket: 'registrations', cost: 1 }]);
  } catch (error) {
    if (error instanceof ApiError) return c.html(refusal(language, error.message), error.status as 429);
    throw error;
  }
  const now = c.var.deps.now();
  const record = registrationOfPostedForm(form, language, randomUUID);
  const parsed = registrationFormSchema.safeParse(record);
  const problems: FieldErrors = parsed.success
    ? { ...(unstorableTextFields(record) ?? {}), ...consentProblems(parsed.data, now, 'public') }
    : fieldErrorsOf(parsed.error);
  if (!parsed.success || Object.keys(problems).length > 0) {
    if (madeByPage) return c.body(null, 204);
    return c.html(notSent(language, problems), 422);
  }
  const outcome = await createRegistration(c.var.deps.database, { registration: parsed.data, secretHash: null, deviceSavedAt: null });
  if (outcome.status === 'conflict') return c.html(conflict(language), 409);
  return c.redirect(`${receivedPath(language)}?code=${encodeURIComponent(parsed.data.referenceCode)}`, 303);
}

function received(c: Context<AppEnv>, language: Language) {
  const copy = COPY[language];
  const code = c.req.query('code') ?? '';
  // Only ever a code in the page: anything else goes back to the form.
  if (!REFERENCE_CODE_PATTERN.test(code)) return c.redirect(formPath(language), 303);
  c.header('Cache-Control', 'no-store');
  c.header('Content-Language', language);
  const body = `<h1>${escapeHtml(copy.received)}</h1>
<p>${escapeHtml(copy.thanks)}</p>
<p class="code-line">${escapeHtml(copy.code)}: <strong class="code">${escapeHtml(code)}</strong></p>
<p>${escapeHtml(copy.keep)}</p>
<p class="links"><a href="${formPath(language)}">${escapeHtml(copy.another)}</a> <a href="${language === 'ta' ? '/ta/' : '/'}">${escapeHtml(copy.home)}</a></p>`;
  return c.html(
    serverPage({ language, title: copy.received, otherLanguagePath: `${receivedPath(language === 'ta' ? 'en' : 'ta')}?code=${code}`, body, style: STYLE }),
    200,
  );
}

function notSent(language: Language, problems: FieldErrors): string {
  const copy = COPY[language];
  const items = Object.entries(problems)
    .map(([, message]) => `<li>${escapeHtml(message)}</li>`)
    .join('\n');
  const body = `<h1>${escapeHtml(copy.notSent)}</h1>
<p>${escapeHtml(copy.check)}</p>
<ul>
${items}
</ul>
<p class="links"><a href="${formPath(language)}">${escapeHtml(copy.back)}</a></p>`;
  return serverPage({ language, title: copy.notSent, body, style: STYLE });
}

function conflict(language: Language): string {
  const copy = COPY[language];
  const body = `<h1>${escapeHtml(copy.conflict)}</h1>\n<p>${escapeHtml(copy.conflictText)}</p>\n<p class="links"><a href="${language === 'ta' ? '/ta/' : '/'}">${escapeHtml(copy.home)}</a></p>`;
  return serverPage({ language, title: copy.conflict, body, style: STYLE });
}

function refusal(language: Language, message: string): string {
  const copy = COPY[language];
  const body = `<h1>${escapeHtml(copy.refused)}</h1>\n<p>${escapeHtml(message)}</p>\n<p class="links"><a href="${formPath(language)}">${escapeHtml(copy.back)}</a></p>`;
  return serverPage({ language, title: copy.refused, body, style: STYLE });
}

const STYLE = `
.code{font-size:1.5rem;letter-spacing:.05em;font-family:ui-monospace,monospace;white-space:nowrap}
.links{display:flex;flex-wrap:wrap;gap:1rem}
.links a{display:inline-block;min-height:44px;padding:.625rem 0}
`;
