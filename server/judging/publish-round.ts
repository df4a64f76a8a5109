import type { Deps } from '../context';
import { wakeCertificateJob } from '../certificates/certificate-job';
import { publishResultsPages } from '../certificates/results-pages';
import { signerFor } from '../certificates/signing';
import { issueCertificates } from '../db/stores/certificate-store';
import { markPublished, moveRound, queueResultEmails, storeResults, unfinishedPublishes, type RoundResults, type RoundRow } from '../db/stores/judging-store';
import type { Pieces } from '../lib/people-first';

/**
 * Publishing a round (issue 24), cut into pieces so no statement holds PGlite's one connection for
 * long (issue 47, ADR 035), without a family ever seeing half of it:
 * 1. the results are stored on the round's entries, a piece at a time; the round is not published,
 *    so no family reads them;
 * 2. the round is published: one small statement, after which families see every result;
 * 3. one result email per family is queued, the public results pages made, and every entrant's
 *    certificate issued, a piece at a time, each piece on its own (unique indexes keep each email
 *    and live certificate one);
 * 4. `publishedAt` is stamped. A round published without it stopped between 2 and 4: the publish
 *    job (`finishPublishedRounds`, at start and every few minutes) does 3 and 4 again.
 */

export type Published = { emails: number; certificates: number };

/** Rounds this process is finishing now: the admin's request and the job never do one twice at once. */
const finishing = new Set<string>();

/** Publishes a round whose results are `results` (computed from its frozen sheets); null when another admin moved it meanwhile. */
export async function publishRound(deps: Deps, round: RoundRow, results: RoundResults, issuedBy: string, work: Pieces = {}): Promise<Published | null> {
  const { db } = deps.database;
  await storeResults(db, round.id, results, work);
  if (!(await moveRound(db, round.id, 'results', 'published', deps.now()))) return null;
  return finishPublish(deps, round, issuedBy, work);
}

/** Steps 3 and 4 above; again after a stop, it queues and issues only what is missing. */
export async function finishPublish(deps: Deps, round: RoundRow, issuedBy: string, work: Pieces = {}): Promise<Published> {
  const { db } = deps.database;
  finishing.add(round.id);
  try {
    const emails = await queueResultEmails(db, round.id, work);
    await publishResultsPages(db, { ownRequests: work.slices?.ownRequests });
    const signer = await signerFor(db, deps.env.CERTIFICATE_SIGNING_KEY);
    const certificates = await issueCertificates(db, signer, { levelId: round.levelId, issuedBy, now: deps.now() }, work);
    wakeCertificateJob(deps);
    await markPublished(db, round.id, deps.now());
    return { emails, certificates };
  } finally {
    finishing.delete(round.id);
  }
}

/** The publish job: finishes every round whose publish stopped midway (the process ended, a statement failed). */
export async function finishPublishedRounds(deps: Deps): Promise<number> {
  let finished = 0;
  for (const round of await unfinishedPublishes(deps.database.db)) {
    if (finishing.has(round.id)) continue;
    const done = await finishPublish(deps, round, 'system');
    deps.log.info('a publish that stopped midway was finished', { roundId: round.id, ...done });
    finished += 1;
  }
  return finished;
}
