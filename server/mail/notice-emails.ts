import { CONTACT, SEASON } from '@domain/season';
import { escapeHtml } from '../lib/html';
import { page } from './family-emails';
import type { MailMessage } from './mail-transport';
import { plural } from '@domain/plural';

/**
 * The emails that are not about a family's registration details: the organisers' answer to a
 * judge application, and the retention notice 48 hours before a season's data is erased
 * (server/retention). English only, like the admin area that sends them.
 */

const signature = `The ${SEASON.name} team`;

function message(to: string, subject: string, paragraphs: string[]): MailMessage {
  const text = ['Hello,', '', ...paragraphs.flatMap((p) => [p, '']), signature, ''].join('\n');
  const html = page('en', [
    '<p>Hello,</p>',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${escapeHtml(signature)}</p>`,
  ]);
  return { to, subject, text, html };
}

export function judgeDecisionEmail(data: { to: string; name: string; expertise: string; decision: 'approved' | 'rejected' }): MailMessage {
  if (data.decision === 'approved') {
    return message(data.to, `Welcome to the ${SEASON.name} judging panel`, [
      `Dear ${data.name}, thank you for applying to judge at the ${SEASON.name}. We are happy to tell you that your application (${data.expertise}) has been approved.`,
      `We will contact you with the contest dates, the venue and your session before the season starts.`,
      `Questions? Write to ${CONTACT.email} or call ${CONTACT.phone}.`,
    ]);
  }
  return message(data.to, `Your application to judge at the ${SEASON.name}`, [
    `Dear ${data.name}, thank you for applying to judge at the ${SEASON.name} (${data.expertise}).`,
    `We have read every application carefully. This season we cannot offer you a place on the judging panel.`,
    `We keep your details only until the season's data is erased, and we would be glad to hear from you again next season.`,
  ]);
}

export function retentionNoticeEmail(data: { to: string; referenceCode: string; erasedOn: string }): MailMessage {
  return message(data.to, `Your registration ${data.referenceCode} will be erased on ${data.erasedOn}`, [
    `The ${SEASON.name} has ended. As our privacy notice promised, we keep a family's details only as long as we need them.`,
    `On ${data.erasedOn} we will erase the personal details of registration ${data.referenceCode}: names, email address, phone number and anything else that could identify you or your child. We keep only anonymous counts (for example how many children took part in each contest).`,
    `You do not need to do anything. If you want a copy of your data before then, open your private link from your confirmation email, or write to ${CONTACT.email}.`,
  ]);
}

/** A judge's invitation (issue 24): the single-use link to set a password, and the username to sign in with. */
export function judgeInviteEmail(data: { to: string; name: string; username: string; link: string; hours: number }): MailMessage {
  return message(data.to, `Your judge account for the ${SEASON.name}`, [
    `Dear ${data.name}, you are invited to judge the online entries of the ${SEASON.name}.`,
    `Set your password here (the link works once, for ${plural(data.hours, { one: '# hour', other: '# hours' })}): ${data.link}`,
    `Then sign in at the judges' page with the username ${data.username}. You score each entry against its contest's rubric; you will not see who the child is.`,
    `If the link has expired, ask us for a new one: write to ${CONTACT.email}.`,
  ]);
}
