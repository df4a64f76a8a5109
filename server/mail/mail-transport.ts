import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import { MAIL_SUBDIR } from '../db/data-dir-layout';
import { MAIL_FILE_DAYS, pruneMailFiles } from './mail-files';

/** One email, as the templates build it. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** An inline image names its `cid` (the HTML shows it); a file to keep (a calendar event) has none. */
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string }[];
};

export type MailTransport = {
  /** Resolves once the message is accepted (by the SMTP server, or written to disk). */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
};

/**
 * Timeouts well inside the worker's claim lease (mail-worker.ts), so a hung server fails a send
 * long before another instance may take the same email over.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/**
 * SMTP when SMTP_URL is set. Otherwise each email is written as an .eml file to DATA_DIR/mail,
 * so `npm start` needs no mail server; that is said once in the log.
 */
export function createMailTransport(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>, log: Logger): MailTransport {
  if (env.SMTP_URL) {
    const transporter = nodemailer.createTransport({ url: env.SMTP_URL, ...SMTP_TIMEOUTS }, { from: env.MAIL_FROM });
    return {
      async send(message) {
        const info = await transporter.sendMail(message);
        return { messageId: info.messageId };
      },
      close: () => transporter.close(),
    };
  }
  const folder = resolve(env.DATA_DIR, MAIL_SUBDIR);
  log.info('no SMTP_URL: emails are written as .eml files', { folder, keptDays: MAIL_FILE_DAYS });
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from: env.MAIL_FROM });
  let prunedAt = 0;
  return {
    async send(message) {
      const info = await transporter.sendMail(message);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const id = info.messageId.replace(/[^A-Za-z0-9.@-]/g, '');
      await writeFile(join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`), info.message as Buffer, { mode: 0o600 });
      // At most once an hour, the files older than the week they are kept.
      if (Date.now() - prunedAt > 3_600_000) {
        prunedAt = Date.now();
        await pruneMailFiles(folder, new Date(Date.now() - MAIL_FILE_DAYS * 86_400_000)).catch((error: unknown) =>
          log.warn('old email files not pruned', { error: String(error) }),
        );
      }
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}
