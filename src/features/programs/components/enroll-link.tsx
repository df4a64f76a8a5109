import { useT } from '@/lib/i18n/use-t';
import { AppLink } from '@/components/app-link';

/** 'Enroll Now' opens the contact form with the subject prefilled for this program. */
export function EnrollLink({ title }: { title: string }) {
  const { t, to } = useT();
  return (
    <AppLink
      to={`${to('/contact')}?subject=${encodeURIComponent(t('enroll.subject', { title }))}`}
      className="button button--primary"
      aria-label={t('enroll.label', { title })}
    >
      {t('enroll.button')}
    </AppLink>
  );
}
