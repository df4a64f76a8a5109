import { useT } from '@/lib/i18n/use-t';
import { Link } from 'react-router-dom';

/** 'Enroll Now' opens the contact form with the subject prefilled for this program. */
export function EnrollLink({ title }: { title: string }) {
  const { t, to } = useT();
  return (
    <Link
      to={`${to('/contact')}?subject=${encodeURIComponent(t('enroll.subject', { title }))}`}
      className="button button--primary"
      aria-label={t('enroll.label', { title })}
    >
      {t('enroll.button')}
    </Link>
  );
}
