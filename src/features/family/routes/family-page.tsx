import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { FAMILY_TOKEN_PATTERN } from '@domain/family-link';
import { escapeHtml } from '@domain/html';
import { CONTACT } from '@/config/season';
import { ApiRequestError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { yieldToBrowser } from '@/lib/scheduling';
import { QueryProvider } from '@/lib/query-client';
import { useFamilyRegistration } from '../api/get-family-registration';
import { RegistrationDetails } from '../components/registration-details';
import { formatDateTime, formatDay } from '../utils/format';
import '../family.css';
import { AppLink } from '@/components/app-link';
import { FamilySection } from '../components/family-section';
import type * as FamilySections from '../components/family-sections';

// Everything but the child's registration comes in chunks of its own (issue 49), asked for as
// this page's chunk runs, beside the registration's request: the registration is drawn first.
// zod and the registration's schemas are evaluated in a task of their own before the sections'
// chunk, whose schemas need them, instead of inside that chunk's task (ADR 032). The module asked
// for first builds schemas; it is never '@domain/zod' itself: a dynamic import keeps every export
// of the module it names, and for zod's namespace that is all of zod, every language's messages
// included (four times the bytes; eslint.config.js refuses it). A failed download is not kept,
// so the next render asks again.
let sections: Promise<typeof FamilySections> | undefined;
const loadSections = () =>
  (sections ??= (async () => {
    await import('@domain/registration');
    await yieldToBrowser();
    return import('../components/family-sections');
  })().catch((error: unknown) => {
    sections = undefined;
    throw error;
  }));
const SectionsAbove = lazy(() => loadSections().then((m) => ({ default: m.SectionsAbove })));
const SectionsBelow = lazy(() => loadSections().then((m) => ({ default: m.SectionsBelow })));
const MyDataSection = lazy(() => loadSections().then((m) => ({ default: m.MyDataSection })));
const loadCorrectionForm = () => import('../components/correction-form');
const CorrectionForm = lazy(() => loadCorrectionForm().then((m) => ({ default: m.CorrectionForm })));

/**
 * /my/<token> (and /ta/my/<token> for a Tamil registration): the family's private page (ADR 013).
 * Rendered in the browser from the app shell (noindex, no referrer: the token never leaves this
 * page except in the Authorization header). The server's explanations are English; the Tamil
 * page shows its own words for them.
 */
export function FamilyPage() {
  const { token = '' } = useParams();
  return (
    <QueryProvider>
      <section className="page page--narrow family-page" aria-labelledby="family-heading">
        {FAMILY_TOKEN_PATTERN.test(token) ? <FamilyRegistrationView token={token} /> : <LinkProblem status={404} message={null} />}
      </section>
    </QueryProvider>
  );
}

function FamilyRegistrationView({ token }: { token: string }) {
  const { t, lang } = useT();
  const query = useFamilyRegistration(token);
  // The other chunks download while the registration is on its way; the correction form, which
  // only a tap opens, after the sections (it shares their schemas).
  useEffect(() => {
    void loadSections().then(loadCorrectionForm, () => undefined);
  }, []);
  const [correcting, setCorrecting] = useState(false);
  const [saved, setSaved] = useState(false);
  // The whole page is drawn from the answer in a background render, in short slices a phone can
  // interleave with taps (ADR 032): the summary is already on screen (EarlySummarySlot).
  const answer = useDeferredValue(query.data);

  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiRequestError && [401, 404, 410].includes(error.status)) {
      // Removed by the organisers: the family can still download their data or ask for its erasure.
      if (error.body?.error.code === 'removed') return <RemovedRegistration token={token} />;
      return <LinkProblem status={error.status} message={error.body?.error.message ?? null} />;
    }
    return (
      <>
        <h1 id="family-heading">{t('family.title')}</h1>
        <div className="form-notice form-notice--error" role="alert">
          <p>{t('family.loadFailed')}</p>
        </div>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          {t('family.retry')}
        </button>
      </>
    );
  }

  if (!answer) {
    return (
      <>
        <h1 id="family-heading">{t('family.title')}</h1>
        <EarlySummarySlot />
      </>
    );
  }

  const { registration: r, qrCode, corrections } = answer;
  const cancelled = r.status === 'cancelled';
  const label = r.name ?? r.instituteName ?? t('family.participantFallback');
  const status = cancelled ? (r.cancelledBy === 'family' ? t('family.status.cancelledByYou') : t('family.status.cancelled')) : t('family.status.registered');
  return (
    <>
      <h1 id="family-heading">{t('family.title')}</h1>
      <div className="family-summary">
        <div>
          <p className="family-summary__code">
            {t('family.code')} <strong>{r.referenceCode}</strong>
          </p>
          <p>
            {t('family.status')} <strong className={`family-status family-status--${r.status}`}>{status}</strong>
            {cancelled && r.cancelledAt ? <> {t('family.status.on', { when: formatDateTime(r.cancelledAt, lang) })}</> : null}
          </p>
          <p className="family-muted">{t('family.showCode')}</p>
        </div>
        <img className="family-summary__qr" src={qrCode} width={160} height={160} alt={t('family.qrAlt', { code: r.referenceCode })} />
      </div>

      {/* One boundary: the rest appears at once below the summary, moving nothing already drawn. */}
      <Suspense fallback={null}>
        <SectionsAbove token={token} data={answer} />

        <FamilySection headingId="details-heading" title={t('family.details')}>
          <SavedNotice saved={saved} />
          {correcting ? (
            <Suspense fallback={<p role="status">{t('family.loading')}</p>}>
              <CorrectionForm
                token={token}
                registration={r}
                onDone={(didSave) => {
                  setCorrecting(false);
                  setSaved(didSave);
                }}
              />
            </Suspense>
          ) : (
            <>
              <RegistrationDetails registration={r} />
              {cancelled ? null : corrections.open ? (
                <>
                  <p className="family-muted">{t('family.correctUntil', { date: formatDay(corrections.closesAt, lang) })}</p>
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => {
                      setSaved(false);
                      setCorrecting(true);
                    }}
                  >
                    {t('family.correct')}
                  </button>
                </>
              ) : (
                <p className="form-notice form-notice--info">
                  {lang === 'en' && corrections.closedMessage ? corrections.closedMessage : t('family.closed', { date: formatDay(corrections.closesAt, lang) })}
                </p>
              )}
            </>
          )}
        </FamilySection>

        <SectionsBelow token={token} data={answer} label={label} />
      </Suspense>
    </>
  );
}

/**
 * Where the prerendered page's script draws the summary as soon as the answer arrives, before this
 * page has it (early-registration.ts), in the page's words. Its content is set as HTML so that
 * React, hydrating or rendering it again, leaves whatever the script drew (a hydrated element with
 * inner HTML is never compared or patched); the summary below replaces it when the answer is here.
 */
function EarlySummarySlot() {
  const { t } = useT();
  const noScript = t('noscript.form', { task: t('family.task'), phone: CONTACT.phone });
  const loading = `<p role="status">${escapeHtml(t('family.loading'))}</p><noscript><p class="form-notice form-notice--info">${escapeHtml(noScript)}</p></noscript>`;
  return (
    <div
      className="family-early"
      data-early-summary=""
      data-code={t('family.code')}
      data-status={t('family.status')}
      data-registered={t('family.status.registered')}
      data-cancelled={t('family.status.cancelled')}
      data-cancelled-by-you={t('family.status.cancelledByYou')}
      data-show-code={t('family.showCode')}
      data-qr-alt={t('family.qrAlt', { code: '{code}' })}
      dangerouslySetInnerHTML={{ __html: loading }}
    />
  );
}

function SavedNotice({ saved }: { saved: boolean }) {
  const { t } = useT();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (saved) ref.current?.focus();
  }, [saved]);
  return (
    <div role="status">
      {saved ? (
        <p ref={ref} tabIndex={-1} className="form-notice form-notice--success">
          {t('family.saved')}
        </p>
      ) : null}
    </div>
  );
}

/** A registration the organisers removed: the family's rights over its data outlive it (ADR 020). */
function RemovedRegistration({ token }: { token: string }) {
  const { t } = useT();
  return (
    <>
      <h1 id="family-heading">{t('family.removed.title')}</h1>
      <p>{t('family.removed.text')}</p>
      <Suspense fallback={null}>
        <MyDataSection token={token} erasureRequest={null} />
      </Suspense>
    </>
  );
}

/** An expired, turned-off, forged or mistyped link: say so kindly, and show the way to a new one. */
function LinkProblem({ status, message }: { status: number; message: string | null }) {
  const { t, to, lang } = useT();
  const explanation = lang === 'en' && message ? message : status === 410 ? t('family.link.goneText') : t('family.link.check');
  return (
    <>
      <h1 id="family-heading">{status === 410 ? t('family.link.gone') : t('family.link.invalid')}</h1>
      <p>{explanation}</p>
      <p>
        <AppLink className="button button--primary" to={to('/find-my-registration')}>
          {t('family.link.find')}
        </AppLink>
      </p>
      <p className="family-muted">{t('family.link.safe')}</p>
    </>
  );
}
