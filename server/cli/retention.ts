import { parseArgs } from 'node:util';
import { formatDay, retentionDate } from '@domain/season';
import { loadEnv } from '../env';
import { sendControlRequest } from '../lib/control-channel';
import { mailFolderOf } from '../mail/mail-files';
import { runRetention, type RetentionRun } from '../retention/retention-job';
import { resultOf, withDatabaseOrServer } from './database-or-server';
import { plural } from '@domain/plural';

const USAGE = 'Usage: npm run retention -- [--dry-run]';

/**
 * `npm run retention -- --dry-run`: what the retention job (ADR 016) would erase or notify now,
 * changing nothing. Without --dry-run it runs the step that is due, exactly as a server would.
 * On PGlite, while a server holds DATA_DIR, the server does it through its control socket.
 */
async function main() {
  const { values, positionals } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } }, allowPositionals: true });
  if (positionals.length > 0) throw new Error(USAGE);
  const dryRun = values['dry-run'] ?? false;
  const env = loadEnv();
  const run = await withDatabaseOrServer<RetentionRun>(env, {
    local: (database) => runRetention(database, { now: new Date(), dryRun, mailFolder: mailFolderOf(env) }),
    async viaServer(socket) {
      return resultOf(await sendControlRequest(socket, { command: 'retention', dryRun })) as unknown as RetentionRun;
    },
  });
  const { counts } = run;
  const lines = [
    `Retention date: ${formatDay(retentionDate())}.`,
    `${run.message}${run.dryRun ? ' (dry run: nothing was changed)' : ''}`,
    `Step: ${run.step}; outcome: ${run.outcome}.`,
    `Season records still holding personal data: ${plural(counts.registrations, { one: '# registration', other: '# registrations' })} (${counts.registrationsWithEmail} with an email to notify), ` +
      `${plural(counts.judgeApplications, { one: '# judge application', other: '# judge applications' })}, ${plural(counts.contactMessages, { one: '# contact message', other: '# contact messages' })}.`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Retention failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
