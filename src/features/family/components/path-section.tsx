import { useState } from 'react';
import type { CategorySlug } from '@domain/categories';
import { awardLabel, type Award } from '@domain/certificates';
import { finaleTitle, mapLink, slotStart, slotTimeLabel, type LaterLevelId } from '@domain/later-levels';
import { venueSessionById } from '@domain/season';
import { localizeData } from '@/lib/i18n/localize-data';
import { useT } from '@/lib/i18n/use-t';
import { useAnswerPlace } from '../api/answer-place';
import type { FamilyRegistrationAnswer } from '../api/family-keys';
import { useFamilyEntries } from '../api/get-family-entries';
import { useFamilyResults, type FamilyPlace, type FamilyResults } from '../api/get-family-results';
import { categoryMessage, failureText, formatDateTime, formatDay } from '../utils/format';
import { FamilySection } from './family-section';

type StepState = 'done' | 'now' | 'next' | 'stopped';

/** A grand finale certificate's award by place (domain/certificates.ts awardFor): its title instead. */
const FINALE_AWARDS: readonly string[] = ['winner', 'runner-up', 'merit'];
type Step = { key: string; state: StepState; title: string; detail?: string | null; body?: React.ReactNode };

/**
 * The child's path through the season (issue 46), one timeline per contest: registered, paid,
 * entry sent, the Level 1 result, the semi-final's invitation (answered here) and slot, its
 * result, the grand finale's invitation and result, and every certificate, in the family's
 * language. Steps after one the child did not pass are not shown.
 */
export function PathSection({ token, data }: { token: string; data: FamilyRegistrationAnswer }) {
  const { t } = useT();
  const { data: results, isError: resultsFailed } = useFamilyResults(token);
  const entries = useFamilyEntries(token);
  const r = data.registration;
  if (r.type !== 'participant') return null;
  if (!results) {
    // The section holds its place while the results load, so the page below it does not jump.
    return (
      <FamilySection headingId="path-heading" className="family-path family-path--loading" busy title={t('family.path.title')}>
        <p className="family-muted">{resultsFailed ? t('family.path.loadFailed') : t('family.loading')}</p>
      </FamilySection>
    );
  }
  const categories = r.categories as CategorySlug[];
  return (
    <FamilySection headingId="path-heading" className="family-path" title={t('family.path.title')}>
      {categories.map((category) => (
        <PathOf
          key={category}
          token={token}
          category={category}
          showContest={categories.length > 1}
          registeredAt={r.createdAt}
          paid={['paid', 'waived', 'nothing_due', 'overpaid'].includes(data.payment?.status ?? 'nothing_due')}
          entrySent={entries.data?.contests.find((contest) => contest.category === category)}
          results={results}
        />
      ))}
    </FamilySection>
  );
}

function PathOf(props: {
  token: string;
  category: CategorySlug;
  showContest: boolean;
  registeredAt: string;
  paid: boolean;
  entrySent: { rule: unknown; counting: unknown } | undefined;
  results: FamilyResults;
}) {
  const { t, lang } = useT();
  const { category, results } = props;
  const contest = categoryMessage(category) ? t(categoryMessage(category) ?? '') : category;
  const steps: Step[] = [{ key: 'registered', state: 'done', title: t('family.path.registered'), detail: formatDay(props.registeredAt, lang) }];
  steps.push({ key: 'paid', state: props.paid ? 'done' : 'now', title: props.paid ? t('family.path.paid') : t('family.path.unpaid') });
  // Level 1: the online round's result, or a venue session's.
  const online = results.results.find((result) => result.levelId === 'level1' && result.category === category);
  const atVenue = results.sessionResults.find((result) => result.levelId === 'level1' && result.category === category);
  // An online entry is a step of its own, unless the child took part at a venue instead.
  if (props.entrySent?.rule && !(atVenue && !props.entrySent.counting)) {
    steps.push({ key: 'entry', state: props.entrySent.counting ? 'done' : 'now', title: props.entrySent.counting ? t('family.path.entrySent') : t('family.path.entryWaiting') });
  }
  const level1 = online
    ? { place: online.place, pool: online.pool, through: online.qualifies }
    : atVenue
      ? { place: atVenue.place, pool: atVenue.pool, through: atVenue.qualifies }
      : null;
  let going = true;
  if (!level1) steps.push({ key: 'level1', state: 'next', title: t('family.path.level1Waiting') });
  else {
    steps.push({
      key: 'level1',
      state: 'done',
      title: t('family.path.level1'),
      detail: level1.place === null ? t('family.path.noPlace') : t('family.path.place', { place: level1.place, pool: level1.pool }),
    });
  }
  for (const levelId of ['level2', 'level3'] as const) {
    if (!going) break;
    const place = results.places.find((row) => row.levelId === levelId && row.category === category);
    const result = results.sessionResults.find((row) => row.levelId === levelId && row.category === category);
    const previous = levelId === 'level2' ? level1 : results.sessionResults.find((row) => row.levelId === 'level2' && row.category === category);
    if (!place) {
      if (!previous) break;
      const through = 'through' in previous ? previous.through : previous.qualifies;
      if (!through) {
        steps.push({ key: `${levelId}-not`, state: 'stopped', title: levelId === 'level2' ? t('family.path.notThroughSemi') : t('family.path.notThroughFinal') });
        going = false;
        break;
      }
      steps.push({ key: `${levelId}-soon`, state: 'next', title: levelId === 'level2' ? t('family.path.semiSoon') : t('family.path.finalSoon') });
      break;
    }
    steps.push(placeStep(place, props.token, t, lang));
    if (place.state !== 'accepted' && !result) {
      going = false;
      break;
    }
    if (result) {
      const title = result.title ? result.title[lang] : null;
      steps.push({
        key: `${levelId}-result`,
        state: 'done',
        title: levelId === 'level2' ? t('family.path.semiResult') : t('family.path.finalResult'),
        detail: title ?? (result.place === null ? t('family.path.noPlace') : t('family.path.place', { place: result.place, pool: result.pool })),
      });
    } else {
      steps.push({ key: `${levelId}-result`, state: 'next', title: levelId === 'level2' ? t('family.path.semiResultWaiting') : t('family.path.finalResultWaiting') });
      going = false;
    }
  }
  const levelOrder = ['level1', 'level2', 'level3'];
  const certificates = results.certificates.filter((row) => row.category === category && !row.revokedAt).sort((a, b) => levelOrder.indexOf(a.levelId) - levelOrder.indexOf(b.levelId));
  for (const certificate of certificates) {
    const finale = certificate.levelId === 'level3' ? finaleTitle(FINALE_AWARDS.indexOf(certificate.award) + 1 || null, lang) : null;
    steps.push({
      key: `certificate-${certificate.id}`,
      state: 'done',
      title: t('family.path.certificate', { level: t(`family.path.certificateLevel.${certificate.levelId}`), award: finale ?? awardLabel(certificate.award as Award, lang) }),
      detail: formatDay(certificate.issuedAt, lang),
      body: <a href="#certificates-heading">{t('family.path.toCertificates')}</a>,
    });
  }
  return (
    <div className="family-path__contest">
      {props.showContest ? <h3>{contest}</h3> : null}
      <ol className="family-path__steps">
        {steps.map((step) => (
          <li key={step.key} className={`family-path__step family-path__step--${step.state}`}>
            <span className="family-path__mark" aria-hidden="true" />
            <span className="visually-hidden">{t(`family.path.state.${step.state}`)}: </span>
            <p className="family-path__title">
              {step.title}
              {step.detail ? <span className="family-path__detail"> · {step.detail}</span> : null}
            </p>
            {step.body}
          </li>
        ))}
      </ol>
    </div>
  );
}

type Translate = ReturnType<typeof useT>['t'];

function placeStep(place: FamilyPlace, token: string, t: Translate, lang: 'en' | 'ta'): Step {
  const levelId = place.levelId as LaterLevelId;
  const invitation = levelId === 'level2' ? t('family.path.semiInvitation') : t('family.path.finalInvitation');
  const state: StepState = place.state === 'accepted' ? 'done' : place.state === 'invited' || place.state === 'waiting' ? 'now' : 'stopped';
  const detail =
    place.state === 'waiting'
      ? t('family.path.waiting', { rank: place.rank })
      : place.state === 'invited'
        ? t('family.path.invited', { date: place.answerBy ? formatDateTime(place.answerBy, lang) : '' })
        : place.state === 'accepted'
          ? t('family.path.accepted')
          : place.state === 'declined'
            ? t('family.path.declined')
            : t('family.path.lapsed');
  return {
    key: `${levelId}-place`,
    state,
    title: invitation,
    detail,
    body: place.state === 'invited' || place.state === 'accepted' ? <PlaceDetails place={place} token={token} /> : null,
  };
}

function PlaceDetails({ place, token }: { place: FamilyPlace; token: string }) {
  const { t, lang } = useT();
  const answer = useAnswerPlace(token);
  const [declining, setDeclining] = useState(false);
  const found = place.sessionId ? venueSessionById(place.sessionId) : undefined;
  const session = found ? localizeData(found, `data.venueSession.${found.id}`, ['title', 'venue'], lang) : undefined;
  const send = (value: 'accept' | 'decline') => answer.mutate({ levelId: place.levelId as LaterLevelId, category: place.category, answer: value });
  const error = failureText(answer.error, t('family.path.answerFailed'), lang);
  return (
    <div className="family-path__place">
      {session && place.slot ? (
        <dl className="family-path__slot">
          <dt>{t('family.path.session')}</dt>
          <dd>{session.title}</dd>
          <dt>{t('family.path.venue')}</dt>
          <dd>
            {session.venue} (<a href={mapLink(found!.venue)} rel="noopener noreferrer" target="_blank">{t('family.path.map')}</a>)
          </dd>
          <dt>{t('family.path.day')}</dt>
          <dd>{formatDay(`${session.date}T12:00:00+05:30`, lang)}</dd>
          <dt>{t('family.path.slot')}</dt>
          <dd>{t('family.path.slotValue', { time: slotTimeLabel(slotStart(session, place.slot), lang), slot: place.slot })}</dd>
        </dl>
      ) : null}
      {place.state === 'invited' ? (
        declining ? (
          <div className="family-path__confirm" role="group" aria-label={t('family.path.declineQuestion')}>
            <p>{t('family.path.declineQuestion')}</p>
            <button type="button" className="button" disabled={answer.isPending} onClick={() => send('decline')}>
              {t('family.path.declineYes')}
            </button>{' '}
            <button type="button" className="button button--primary" onClick={() => setDeclining(false)}>
              {t('family.path.declineNo')}
            </button>
          </div>
        ) : (
          <div className="family-path__actions">
            <button type="button" className="button button--primary" disabled={answer.isPending} onClick={() => send('accept')}>
              {answer.isPending ? t('family.path.answering') : t('family.path.accept')}
            </button>{' '}
            <button type="button" className="button" disabled={answer.isPending} onClick={() => setDeclining(true)}>
              {t('family.path.decline')}
            </button>
          </div>
        )
      ) : null}
      {error ? (
        <p className="form-notice form-notice--error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
