import type { ParsedMail } from 'mailparser';

/**
 * The calendar event attached to an email (RFC 5545, as a phone's calendar reads it): the file is
 * checked for its frame, then unfolded and read as NAME -> value (parameters dropped). Throws when
 * the email has no calendar file or the file is not a calendar.
 */
export function calendarEventOf(mail: Pick<ParsedMail, 'attachments'>): Record<string, string> {
  const file = mail.attachments.find((attachment) => attachment.contentType.startsWith('text/calendar'));
  if (!file) throw new Error('The email has no calendar file.');
  const lines = file.content.toString('utf8').replace(/\r?\n[ \t]/g, '').split(/\r?\n/).filter(Boolean);
  const frame = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'END:VEVENT', 'END:VCALENDAR'];
  for (const line of frame) if (!lines.includes(line)) throw new Error(`The calendar file lacks ${line}.`);
  if (lines[0] !== 'BEGIN:VCALENDAR' || lines.at(-1) !== 'END:VCALENDAR') throw new Error('The calendar file is not framed by VCALENDAR.');
  const event = lines.slice(lines.indexOf('BEGIN:VEVENT') + 1, lines.indexOf('END:VEVENT'));
  return Object.fromEntries(
    event.filter((line) => line.includes(':') && !line.startsWith('BEGIN:') && !line.startsWith('END:')).map((line) => [line.slice(0, line.indexOf(':')).split(';')[0]!, line.slice(line.indexOf(':') + 1)]),
  );
}

/** A moment as a calendar file writes it in UTC: 20270829T033000Z. */
export const calendarTime = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
