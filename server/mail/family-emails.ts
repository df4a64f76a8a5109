import { formatAge } from '@domain/age-bands';
import { categoryBySlug, type CategorySlug } from '@domain/categories';
import type { Language } from '@domain/languages';
import type { Registration } from '@domain/registration';
import { CONTACT, LEVELS, SEASON } from '@domain/season';
import type { MailMessage } from './mail-transport';
import { referenceQrPng } from './qr-code';

/**
 * Every word the family's emails say, in one module: a language is one more `Copy`. Until the
 * Tamil copy is written, Tamil registrations get the English one (copyFor).
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
};

type Line = { label: string; value: string };

type Copy = {
  confirmationSubject(code: string): string;
  linkSubject(code: string): string;
  greeting: string;
  confirmationIntro: string;
  referenceLabel: string;
  referenceHint: string;
  qrAlt(code: string): string;
  summaryHeading: string;
  summary(data: FamilyEmailData): Line[];
  datesHeading: string;
  linkHeading: string;
  linkUses(data: FamilyEmailData): string;
  linkWarning(expires: string): string;
  linkIntro(code: string, name: string | null): string;
  linkReplaces: string;
  linkNotYou: string;
  questions: string;
  signature: string;
  formatDate(date: Date): string;
};

const english: Copy = {
  confirmationSubject: (code) => `Registration confirmed: ${code}`,
  linkSubject: (code) => `Your private link for registration ${code}`,
  greeting: 'Hello,',
  confirmationIntro: `Thank you for registering for the ${SEASON.name}. This email confirms what we received.`,
  referenceLabel: 'Reference code',
  referenceHint: 'Please keep this email. At the venue, show the reference code or the QR code below.',
  qrAlt: (code) => `QR code of reference ${code}`,
  summaryHeading: 'What you registered',
  summary(data) {
    const r = data.registration;
    const lines: Line[] = [{ label: 'Registered as', value: r.type === 'participant' ? 'Participant (a child)' : 'Institute' }];
    if (r.name) lines.push({ label: "Child's name", value: r.name });
    if (r.age !== null && r.ageUnit) lines.push({ label: 'Age', value: formatAge(r.age, r.ageUnit) });
    if (r.instituteName) lines.push({ label: 'Institute', value: r.instituteName });
    lines.push(
      { label: 'Contests', value: r.categories.map((slug) => categoryBySlug(slug).name).join(', ') },
      { label: 'City', value: r.city },
      { label: 'Email', value: r.email },
      { label: 'Phone', value: r.phone },
    );
    if (r.type === 'participant') {
      lines.push({
        label: 'Parental consent',
        value:
          data.consent && !data.consentNeeded
            ? `given by ${data.consent.guardianName} (privacy notice version ${data.consent.noticeVersion})`
            : 'not recorded yet: please give it on your private page (link below)',
      });
    }
    return lines;
  },
  datesHeading: 'Contest dates',
  linkHeading: 'Your private page',
  linkUses(data) {
    const correct =
      data.now < data.correctionsCloseAt
        ? `correct it until ${english.formatDate(new Date(data.correctionsCloseAt.getTime() - 1))}`
        : 'see why it can no longer be corrected';
    return `Open it to see your registration, ${correct}, cancel it, download your data or ask us to erase it.`;
  },
  linkWarning: (expires) =>
    `Anyone with this link can see and change the registration, so please do not share it. It works until ${expires}.`,
  linkIntro: (code, name) =>
    `You asked for the private link to registration ${code}${name ? ` (${name})` : ''}. Here it is:`,
  linkReplaces: 'Links we sent you before for this registration no longer work.',
  linkNotYou: 'If you did not ask for this, you can ignore this email: the link was sent only to you.',
  questions: `Questions? Write to ${CONTACT.email} or call ${CONTACT.phone}.`,
  signature: `${SEASON.name}, ${SEASON.city}`,
  formatDate: (date) =>
    new Intl.DateTimeFormat('en-IN', { timeZone: SEASON.timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(date),
};

const COPY: { en: Copy } & Partial<Record<Language, Copy>> = { en: english };

function copyFor(language: Language): Copy {
  return COPY[language] ?? COPY.en;
}

const QR_CID = 'reference-qr@kids-talent-competition';

/** The confirmation: reference code, what was registered, the season's dates, the QR code and the private link. */
export async function confirmationEmail(data: FamilyEmailData): Promise<MailMessage> {
  const copy = copyFor(data.language);
  const code = data.registration.referenceCode;
  const summary = copy.summary(data);
  const dates = LEVELS.map((level) => ({ label: level.title, value: `${level.date} (${level.venue})` }));
  const expires = copy.formatDate(new Date(data.linkExpiresAt.getTime() - 1));

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
    copy.datesHeading,
    ...dates.map((line) => `- ${line.label}: ${line.value}`),
    '',
    copy.linkHeading,
    data.link,
    copy.linkUses(data),
    copy.linkWarning(expires),
    '',
    copy.questions,
    '',
    copy.signature,
    '',
  ].join('\n');

  const html = page(data.language, [
    `<p>${escapeHtml(copy.greeting)}</p>`,
    `<p>${escapeHtml(copy.confirmationIntro)}</p>`,
    `<p style="font-size:20px">${escapeHtml(copy.referenceLabel)}: <strong style="font-family:monospace;letter-spacing:1px">${escapeHtml(code)}</strong></p>`,
    `<p>${escapeHtml(copy.referenceHint)}</p>`,
    `<p><img src="cid:${QR_CID}" width="232" height="232" alt="${escapeHtml(copy.qrAlt(code))}"></p>`,
    `<h2 style="font-size:18px">${escapeHtml(copy.summaryHeading)}</h2>`,
    table(summary),
    `<h2 style="font-size:18px">${escapeHtml(copy.datesHeading)}</h2>`,
    table(dates),
    `<h2 style="font-size:18px">${escapeHtml(copy.linkHeading)}</h2>`,
    `<p><a href="${escapeHtml(data.link)}">${escapeHtml(data.link)}</a></p>`,
    `<p>${escapeHtml(copy.linkUses(data))}</p>`,
    `<p>${escapeHtml(copy.linkWarning(expires))}</p>`,
    `<p>${escapeHtml(copy.questions)}</p>`,
    `<p>${escapeHtml(copy.signature)}</p>`,
  ]);

  return {
    to: data.registration.email,
    subject: copy.confirmationSubject(code),
    text,
    html,
    attachments: [{ filename: `${code}.png`, content: await referenceQrPng(code), contentType: 'image/png', cid: QR_CID }],
  };
}

/** The private link again, for a family who asked for it ("find my registration"). */
export function familyLinkEmail(data: FamilyEmailData): MailMessage {
  const copy = copyFor(data.language);
  const code = data.registration.referenceCode;
  const name = data.registration.name ?? data.registration.instituteName;
  const expires = copy.formatDate(new Date(data.linkExpiresAt.getTime() - 1));
  const paragraphs = [copy.linkUses(data), copy.linkWarning(expires), copy.linkReplaces, copy.linkNotYou, copy.questions];
  const text = [copy.greeting, '', copy.linkIntro(code, name), data.link, '', ...paragraphs, '', copy.signature, ''].join('\n');
  const html = page(data.language, [
    `<p>${escapeHtml(copy.greeting)}</p>`,
    `<p>${escapeHtml(copy.linkIntro(code, name))}</p>`,
    `<p><a href="${escapeHtml(data.link)}">${escapeHtml(data.link)}</a></p>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p>${escapeHtml(copy.signature)}</p>`,
  ]);
  return { to: data.registration.email, subject: copy.linkSubject(code), text, html };
}

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

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
