import { useT } from '@/lib/i18n/use-t';
import { lazy, Suspense } from 'react';
import { OfficeAddress, SocialLinks } from '@/components/organiser-details';
import { CONTACT } from '@/config/season';
import { BUILD_YEAR } from '@/config/build-info';
import { AfterLoad } from '@/components/after-load';
import { useClientValue } from '@/hooks/use-hydrated';
import { FOOTER_LINKS } from '@/config/navigation';
import { AppLink } from '@/components/app-link';

// The form writes to the outbox (IndexedDB); it loads after first paint so the shell stays small.
const NewsletterForm = lazy(() =>
  import('@/features/newsletter/components/newsletter-form').then((m) => ({ default: m.NewsletterForm })),
);

export function SiteFooter() {
  const { t, to } = useT();
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section className="site-footer__about" aria-labelledby="footer-heading">
          <h2 id="footer-heading">{t('footer.heading')}</h2>
          <p>{t('footer.about')}</p>
          <SocialLinks className="site-footer__social" label={t('footer.follow')} />
        </section>
        <nav className="site-footer__links" aria-labelledby="footer-links-heading">
          <h3 id="footer-links-heading">{t('footer.links')}</h3>
          <ul>
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <AppLink to={to(link.to)}>{t(link.label)}</AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <section className="site-footer__contact" aria-labelledby="footer-contact-heading">
          <h3 id="footer-contact-heading">{t('footer.visit')}</h3>
          <OfficeAddress />
          <p>{t('address.metro')}</p>
          <p>
            {t('footer.phone')} <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>
            <br />
            {t('footer.mail')} <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
          </p>
        </section>
        <section className="site-footer__newsletter" aria-labelledby="footer-newsletter-heading">
          <h3 id="footer-newsletter-heading">{t('footer.newsletter')}</h3>
          <p>{t('footer.newsletterText')}</p>
          <div className="site-footer__newsletter-slot">
            <AfterLoad
              fallback={
                <noscript>
                  <p>{t('footer.noscript', { email: CONTACT.email })}</p>
                </noscript>
              }
            >
              <Suspense fallback={null}>
                <NewsletterForm />
              </Suspense>
            </AfterLoad>
          </div>
        </section>
      </div>
      <p className="site-footer__copyright">
        © <CopyrightYear /> {t('footer.rights')}
      </p>
    </footer>
  );
}

/** The prerender writes the build's year; the visitor's own clock takes over after hydration. */
function CopyrightYear() {
  const year = useClientValue(new Date().getFullYear(), BUILD_YEAR);
  return <>{year}</>;
}
