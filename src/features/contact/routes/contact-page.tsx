import { lazy, Suspense, useRef } from 'react';
import { Accordion } from '@/components/accordion';
import { NeedsJavaScriptNotice } from '@/components/form/form';
import { OfficeAddress } from '@/components/organiser-details';
import { CONTACT } from '@/config/season';
import { useAfterLoad } from '@/hooks/use-after-load';
import { useNearViewport } from '@/hooks/use-near-viewport';
import { useT } from '@/lib/i18n/use-t';
import { AreaMap } from '../components/area-map';
import { FactList } from '@/components/fact-list';
import { PageSection } from '@/components/page-section';

// The form writes to the outbox (IndexedDB + validation); it loads once the page is up and the
// visitor scrolls towards it, so loading the page runs no database code.
const ContactForm = lazy(() => import('../components/contact-form').then((m) => ({ default: m.ContactForm })));

const CONTACT_FAQ = ['reply', 'visit', 'offline'] as const;

/** The office's opening hours, as message ids (BUSINESS_HOURS holds the English). */
const HOURS = [
  { days: 'contact.hours.weekdays', hours: 'contact.hours.weekdaysTime' },
  { days: 'contact.hours.sunday', hours: 'contact.hours.closed' },
] as const;

export function ContactPage() {
  const { t } = useT();
  return (
    <div className="stack">
      <PageSection id="contact" title={t('contact.title')} level={1} lead={t('contact.lead')}>
        <div className="contact-grid">
          <div className="contact-details">
            <h2>{t('contact.office')}</h2>
            <OfficeAddress />
            <p>
              {t('contact.phone')}: <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>
              <br />
              {t('contact.email')}: <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
            </p>
            <h2>{t('contact.hours')}</h2>
            <FactList className="hours" facts={HOURS.map((row) => [t(row.days), t(row.hours)] as const)} />
          </div>
          <AreaMap />
        </div>
      </PageSection>
      <PageSection id="message" title={t('contact.message')}>
        <ContactFormSlot />
      </PageSection>
      <PageSection id="contact-faq" title={t('contact.faq')}>
        <Accordion items={CONTACT_FAQ.map((id) => ({ question: t(`contact.faq.${id}.q`), answer: t(`contact.faq.${id}.a`) }))} />
      </PageSection>
    </div>
  );
}

/**
 * Where the form appears once the page has loaded and the visitor nears it. Its own component, so
 * that what it waits for re-renders the slot and not the whole page.
 */
function ContactFormSlot() {
  const { t } = useT();
  const afterLoad = useAfterLoad();
  const slotRef = useRef<HTMLDivElement>(null);
  const nearForm = useNearViewport(slotRef);
  return (
    <div className="contact-form-slot" ref={slotRef}>
      {afterLoad && nearForm ? (
        <Suspense fallback={<p>{t('contact.loading')}</p>}>
          <ContactForm />
        </Suspense>
      ) : (
        <>
          <NeedsJavaScriptNotice>{t('noscript.form', { task: t('contact.task'), phone: CONTACT.phone })}</NeedsJavaScriptNotice>
          <p>{t('contact.loading')}</p>
        </>
      )}
    </div>
  );
}
