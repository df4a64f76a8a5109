import { Accordion } from '@/components/accordion';
import { useT } from '@/lib/i18n/use-t';
import { faqItems } from '../faq-content';
import { AppLink } from '@/components/app-link';

export function FaqPage() {
  const { t, to, lang } = useT();
  return (
    <section className="page page--narrow" aria-labelledby="faq-heading">
      <h1 id="faq-heading">{t('faq.title')}</h1>
      <p className="lead">{t('faq.lead')}</p>
      <Accordion items={faqItems(t, lang)} headingLevel={2} />
      <p>
        {t('faq.stillUnsure')} <AppLink to={to('/contact')}>{t('faq.contact')}</AppLink> {t('faq.reply')}
      </p>
    </section>
  );
}
