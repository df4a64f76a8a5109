import { JudgeApplicationForm } from '../components/judge-application-form';
import '../components/judge-application-form.css';
import { useT } from '@/lib/i18n/use-t';

export function JudgeApplicationPage() {
  const { t } = useT();
  return (
    <section className="page page--narrow judge-page" aria-labelledby="judge-heading">
      <h1 id="judge-heading">{t('judge.title')}</h1>
      <p className="judge-page__intro">{t('judge.intro')}</p>
      <JudgeApplicationForm />
    </section>
  );
}
