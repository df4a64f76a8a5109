import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { ADDRESS, CONTACT, SOCIAL_LINKS } from '@/config/season';
import { BUILD_YEAR } from '@/config/build-info';
import { useAfterLoad } from '@/hooks/use-after-load';
import { useClientValue } from '@/hooks/use-hydrated';

// The form writes to the outbox (IndexedDB); it loads after first paint so the shell stays small.
const NewsletterForm = lazy(() =>
  import('@/features/newsletter/components/newsletter-form').then((m) => ({ default: m.NewsletterForm })),
);

const FOOTER_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About us' },
  { to: '/registration', label: 'Register' },
  { to: '/find-my-registration', label: 'Find my registration' },
  { to: '/contact', label: 'Contact' },
  { to: '/faq', label: 'FAQ' },
  { to: '/terms', label: 'Terms & Conditions' },
  { to: '/privacy', label: 'Privacy Policy' },
] as const;

export function SiteFooter() {
  const afterLoad = useAfterLoad();
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section className="site-footer__about" aria-labelledby="footer-heading">
          <h2 id="footer-heading">Crazy Talent Competition</h2>
          <p>A stage for every child in Chennai: dance, sing, draw, tell stories and shine.</p>
          <ul className="site-footer__social" aria-label="Follow us">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.name}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.name}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav className="site-footer__links" aria-labelledby="footer-links-heading">
          <h3 id="footer-links-heading">Quick links</h3>
          <ul>
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="site-footer__contact" aria-labelledby="footer-contact-heading">
          <h3 id="footer-contact-heading">Visit or write to us</h3>
          <address>
            {ADDRESS.lines.map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
          </address>
          <p>{ADDRESS.metro}</p>
          <p>
            Phone: <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>
            <br />
            Mail: <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
          </p>
        </section>
        <section className="site-footer__newsletter" aria-labelledby="footer-newsletter-heading">
          <h3 id="footer-newsletter-heading">Newsletter</h3>
          <p>Contest dates, results and workshop offers, about twice a month.</p>
          <div className="site-footer__newsletter-slot">
            {afterLoad ? (
              <Suspense fallback={null}>
                <NewsletterForm />
              </Suspense>
            ) : (
              <noscript>
                <p>Subscribing needs JavaScript, which is turned off in this browser. You can also write to us at {CONTACT.email}.</p>
              </noscript>
            )}
          </div>
        </section>
      </div>
      <p className="site-footer__copyright">
        © <CopyrightYear /> Kids Talent Competition. All Rights Reserved.
      </p>
    </footer>
  );
}

/** The prerender writes the build's year; the visitor's own clock takes over after hydration. */
function CopyrightYear() {
  const year = useClientValue(new Date().getFullYear(), BUILD_YEAR);
  return <>{year}</>;
}
