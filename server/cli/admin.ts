import { parseArgs as parseOptions } from 'node:util';
import { loadEnv } from '../env';
import {
  normalizeUsername,
  resetAccountSecondFactor,
  resetPassword,
  setAccountDisabled,
  setAccountTotpSecret,
  upsertAdmin,
  usernameProblem,
} from '../db/stores/account-store';
import { totpSecretProblem } from '../lib/second-factor';
import { sendControlRequest } from '../lib/control-channel';
import { passwordProblem } from '../lib/password';
import { resultOf, withDatabaseOrServer } from './database-or-server';

const USAGE = [
  'Usage: npm run admin -- create <username> [--role admin|staff]   create an account, or set a new password',
  '       npm run admin -- create <username> --role judge --expertise "Drawing Artist"   a judge (who scores the contests of that expertise)',
  '       npm run admin -- reset <username>                       set a new password for an existing account',
  '       npm run admin -- disable <username> | enable <username>  stop (or allow again) an account signing in',
  '       npm run admin -- create <username> --totp-secret <base32>  also give it this authenticator-app secret (scripted set-ups)',
  '       npm run admin -- reset-second-factor <username>         remove its passkeys, authenticator and recovery codes (it sets up anew)',
  '(the password is read from a prompt, or from stdin)',
].join('\n');

type Parsed =
  | { command: 'create'; username: string; role: 'admin' | 'staff' | 'judge' | undefined; expertise?: string; totpSecret?: string }
  | { command: 'reset' | 'disable' | 'enable' | 'reset-second-factor'; username: string };

function parseArgs(args: string[]): Parsed {
  const [command, rawUsername, ...rest] = args;
  if (!rawUsername) throw new Error(USAGE);
  const username = normalizeUsername(rawUsername);
  const usernameIssue = usernameProblem(username);
  if (usernameIssue) throw new Error(`Username: ${usernameIssue}`);
  if (command === 'create') {
    if (rest.length === 0) return { command, username, role: undefined };
    const { values, positionals } = parseOptions({
      args: rest,
      options: { role: { type: 'string' }, expertise: { type: 'string' }, 'totp-secret': { type: 'string' } },
      strict: false,
      allowPositionals: true,
    });
    const role = values.role;
    const secret = values['totp-secret'];
    if (positionals.length > 0 || (role !== undefined && role !== 'admin' && role !== 'staff' && role !== 'judge')) throw new Error(USAGE);
    if (secret !== undefined && typeof secret !== 'string') throw new Error(USAGE);
    const totpSecret = secret === undefined ? {} : { totpSecret: secret };
    if (secret !== undefined) {
      const problem = totpSecretProblem(secret);
      if (problem) throw new Error(`--totp-secret: ${problem}`);
    }
    if (role === 'judge') {
      if (typeof values.expertise !== 'string') throw new Error(USAGE);
      return { command, username, role, expertise: values.expertise, ...totpSecret };
    }
    if (values.expertise !== undefined) throw new Error(USAGE);
    return { command, username, role, ...totpSecret };
  }
  if ((command === 'reset' || command === 'disable' || command === 'enable' || command === 'reset-second-factor') && rest.length === 0) {
    return { command, username };
  }
  throw new Error(USAGE);
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const input = process.stdin;
    process.stdout.write(question);
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    let value = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          input.setRawMode(false);
          input.pause();
          input.off('data', onData);
          process.stdout.write('\n');
          resolvePromise(value);
          return;
        }
        if (ch === '\u0003') {
          input.setRawMode(false);
          reject(new Error('Cancelled.'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    input.on('data', onData);
  });
}

async function readStdinLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

async function readPassword(username: string): Promise<string> {
  if (!process.stdin.isTTY) return readStdinLine();
  for (;;) {
    const first = await promptHidden('Password (at least 12 characters, hard to guess: a few unrelated words work well): ');
    const problem = passwordProblem(first, [username]);
    if (problem) {
      process.stdout.write(`${problem}\n`);
      continue;
    }
    if ((await promptHidden('Repeat the password: ')) === first) return first;
    process.stdout.write('The two passwords differ. Try again.\n');
  }
}

async function main() {
  const parsed = parseArgs(process.argv.slice(2));
  const { username } = parsed;
  const env = loadEnv();

  if (parsed.command === 'reset-second-factor') {
    const message = await withDatabaseOrServer(env, {
      async local(database) {
        await resetAccountSecondFactor({ database, now: () => new Date() }, username);
        return `Removed every second factor of "${username}" and ended its sessions: it sets one up at its next sign-in.`;
      },
      async viaServer(socket, pid) {
        resultOf(await sendControlRequest(socket, { command: 'reset-second-factor', username }));
        return `Removed every second factor of "${username}" and ended its sessions (through the running server, pid ${pid}).`;
      },
    });
    process.stdout.write(`${message}\n`);
    return;
  }

  if (parsed.command === 'disable' || parsed.command === 'enable') {
    const disabled = parsed.command === 'disable';
    const message = await withDatabaseOrServer(env, {
      async local(database) {
        return `Account "${username}" ${await setAccountDisabled({ database, env }, username, disabled)}.`;
      },
      async viaServer(socket, pid) {
        const result = resultOf(await sendControlRequest(socket, { command: 'set-account-disabled', username, disabled }));
        return `Account "${username}" ${String(result.outcome)} (through the running server, pid ${pid}).`;
      },
    });
    process.stdout.write(`${message}\n`);
    return;
  }

  const password = await readPassword(username);
  const passwordIssue = passwordProblem(password, [username]);
  if (passwordIssue) throw new Error(`Password: ${passwordIssue}`);
  const role = parsed.command === 'create' ? parsed.role : undefined;
  const expertise = parsed.command === 'create' ? parsed.expertise : undefined;
  const totpSecret = parsed.command === 'create' ? parsed.totpSecret : undefined;
  const mode = parsed.command === 'reset' ? 'reset' : 'create';
  const noun = role === 'staff' ? 'staff account' : role === 'judge' ? 'judge' : mode === 'reset' ? 'account' : 'admin';
  const said = { created: `Created ${noun}`, updated: `Set a new password for ${noun}`, unchanged: `Nothing to change for ${noun}` };
  const message = await withDatabaseOrServer(env, {
    async local(database) {
      const outcome = mode === 'reset' ? await resetPassword({ database, env }, username, password) : await upsertAdmin({ database, env }, username, password, role, expertise);
      if (totpSecret) await setAccountTotpSecret({ database, now: () => new Date() }, username, totpSecret);
      return `${said[outcome]} "${username}"${totpSecret ? ' with its authenticator secret' : ''}.`;
    },
    async viaServer(socket, pid) {
      const result = resultOf(
        await sendControlRequest(socket, {
          command: 'create-admin',
          username,
          password,
          mode,
          ...(role ? { role } : {}),
          ...(expertise ? { expertise } : {}),
          ...(totpSecret ? { totpSecret } : {}),
        }),
      );
      const outcome = result.outcome as keyof typeof said;
      return `${said[outcome] ?? `Done for ${noun}`} "${username}"${totpSecret ? ' with its authenticator secret' : ''} (through the running server, pid ${pid}).`;
    },
  });
  process.stdout.write(`${message}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
