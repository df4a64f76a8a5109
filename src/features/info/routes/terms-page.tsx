import { CONTACT, LEVELS } from '@/config/season';
import { levelText } from '@/config/season-text';
import { useT } from '@/lib/i18n/use-t';
import { AppLink } from '@/components/app-link';

const SECTIONS = ['who', 'fees', 'judging', 'safety', 'photos'] as const;

export function TermsPage() {
  const { t, to, lang } = useT();
  const level1 = LEVELS[0];
  const fee = level1 ? levelText(level1, lang).fee : undefined;
  return (
    <article className="page page--narrow prose" aria-labelledby="terms-heading">
      <h1 id="terms-heading">{t('terms.title')}</h1>
      <p className="lead">{t('terms.lead')}</p>
      {SECTIONS.map((section) => (
        <section key={section}>
          <h2>{t(`terms.${section}.title`)}</h2>
          <p>{t(`terms.${section}.text`, { fee: fee ?? '' })}</p>
        </section>
      ))}
      <h2>{t('terms.data.title')}</h2>
      <p>
        {t('terms.data.before')} <AppLink to={to('/privacy')}>{t('terms.data.link')}</AppLink>
        {t('terms.data.after')}
      </p>
      <h2>{t('terms.questions.title')}</h2>
      <p>
        {t('terms.questions.write')} <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a> {t('terms.questions.call')}{' '}
        <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>.
      </p>
    </article>
  );
}
