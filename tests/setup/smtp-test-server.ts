import { simpleParser, type ParsedMail } from 'mailparser';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export type ReceivedMail = { to: string[]; parsed: ParsedMail; raw: string };

export type SmtpTestServer = {
  url: string;
  received: ReceivedMail[];
  /** Waits until at least `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

/** An SMTP reply that refuses a recipient, e.g. { code: 550, message: 'No such user' }. */
export type Refusal = { code: number; message: string };

/**
 * A real SMTP server on 127.0.0.1 in the test process (no network beyond loopback). `refuse`
 * decides per recipient whether RCPT TO is answered with an error instead.
 */
export async function startSmtpTestServer(options: { refuse?: (address: string) => Refusal | null } = {}): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const refusal = options.refuse?.(address.address) ?? null;
      if (!refusal) return callback();
      const error = new Error(refusal.message) as Error & { responseCode: number };
      error.responseCode = refusal.code;
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw, { skipImageLinks: true })
          .then((parsed) => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), parsed, raw });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} emails, received ${received.length}.`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes the QR code in a PNG image, or null when there is none. */
export function decodeQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/** The family's private link in an email's text, e.g. http://localhost:8080/my/<token>. */
export function familyLinkIn(mail: ReceivedMail): string {
  const match = /(https?:\/\/\S+\/my\/[A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? '');
  if (!match?.[1]) throw new Error('The email holds no private link.');
  return match[1];
}

export function tokenOf(link: string): string {
  return link.slice(link.lastIndexOf('/') + 1);
}
