import { loadEnv } from '../env';
import { normalizeUsername, upsertAdmin, usernameProblem } from '../lib/admin-accounts';
import { sendControlRequest } from '../lib/control-channel';
import { passwordProblem } from '../lib/password';
import { resultOf, withDatabaseOrServer } from './database-or-server';

const USAGE = 'Usage: npm run admin -- create <username>   (the password is read from a prompt, or from stdin)';

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
  const [command, rawUsername, ...rest] = process.argv.slice(2);
  if (command !== 'create' || !rawUsername || rest.length > 0) throw new Error(USAGE);
  const username = normalizeUsername(rawUsername);
  const usernameIssue = usernameProblem(username);
  if (usernameIssue) throw new Error(`Username: ${usernameIssue}`);
  const password = await readPassword(username);
  const passwordIssue = passwordProblem(password, [username]);
  if (passwordIssue) throw new Error(`Password: ${passwordIssue}`);

  const env = loadEnv();
  const said = { created: 'Created admin', updated: 'Set a new password for admin', unchanged: 'Nothing to change for admin' };
  const message = await withDatabaseOrServer(env, {
    async local(database) {
      return `${said[await upsertAdmin({ database, env }, username, password)]} "${username}".`;
    },
    async viaServer(socket, pid) {
      const result = resultOf(await sendControlRequest(socket, { command: 'create-admin', username, password }));
      const outcome = result.outcome as keyof typeof said;
      return `${said[outcome] ?? 'Done for admin'} "${username}" (through the running server, pid ${pid}).`;
    },
  });
  process.stdout.write(`${message}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
