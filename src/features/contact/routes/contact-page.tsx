import { lazy, Suspense, useRef } from 'react';
import { Accordion, type AccordionItem } from '@/components/accordion';
import { NeedsJavaScriptNotice, needsJavaScriptFor } from '@/components/form/form';
import { ADDRESS, BUSINESS_HOURS, CONTACT } from '@/config/season';
import { useAfterLoad } from '@/hooks/use-after-load';
import { useNearViewport } from '@/hooks/use-near-viewport';
import { AreaMap } from '../components/area-map';

// The form writes to the outbox (IndexedDB + validation); it loads once the page is up and the
// visitor scrolls towards it, so loading the page runs no database code.
const ContactForm = lazy(() => import('../components/contact-form').then((m) => ({ default: m.ContactForm })));

const CONTACT_FAQ: readonly AccordionItem[] = [
  {
    question: 'When will you reply?',
    answer: 'Within one working day. Messages sent on Sunday are answered on Monday morning.',
  },
  {
    question: 'Can I visit without an appointment?',
    answer: 'Yes, during business hours. For workshop trials, please call first so a teacher is free to meet you.',
  },
  {
    question: 'Can I send a message while offline?',
    answer: 'Yes. Your message is kept on your device and sent as soon as you are back online.',
  },
];

export function ContactPage() {
  const afterLoad = useAfterLoad();
  const slotRef = useRef<HTMLDivElement>(null);
  const nearForm = useNearViewport(slotRef);
  return (
    <div className="stack">
      <section className="page" aria-labelledby="contact-heading">
        <h1 id="contact-heading">Contact us</h1>
        <p className="lead">Questions about a contest, a workshop or a registration? We are happy to help.</p>
        <div className="contact-grid">
          <div className="contact-details">
            <h2>Our office</h2>
            <address>
              {ADDRESS.lines.map((line) => (
                <span key={line}>
                  {line}
                  <br />
                </span>
              ))}
            </address>
            <p>
              Phone: <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>
              <br />
              Email: <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
            </p>
            <h2>Business hours</h2>
            <dl className="hours">
              {BUSINESS_HOURS.map((row) => (
                <div key={row.days}>
                  <dt>{row.days}</dt>
                  <dd>{row.hours}</dd>
                </div>
              ))}
            </dl>
          </div>
          <AreaMap />
        </div>
      </section>
      <section className="page" aria-labelledby="message-heading">
        <h2 id="message-heading">Send us a message</h2>
        <div className="contact-form-slot" ref={slotRef}>
          {afterLoad && nearForm ? (
            <Suspense fallback={<p>Loading the form…</p>}>
              <ContactForm />
            </Suspense>
          ) : (
            <>
              <NeedsJavaScriptNotice>{needsJavaScriptFor('Sending a message')}</NeedsJavaScriptNotice>
              <p>Loading the form…</p>
            </>
          )}
        </div>
      </section>
      <section className="page" aria-labelledby="contact-faq-heading">
        <h2 id="contact-faq-heading">Common questions</h2>
        <Accordion items={CONTACT_FAQ} />
      </section>
    </div>
  );
}
