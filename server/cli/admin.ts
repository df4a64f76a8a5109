import { resolve } from 'node:path';
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { normalizeUsername, upsertAdmin, usernameProblem } from '../lib/admin-accounts';
import { passwordProblem } from '../lib/password';

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
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: resolve(env.DATA_DIR) },
  );
  try {
    const outcome = await upsertAdmin({ database, env }, username, password);
    const said = { created: 'Created admin', updated: 'Set a new password for admin', unchanged: 'Nothing to change for admin' };
    process.stdout.write(`${said[outcome]} "${username}".\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
