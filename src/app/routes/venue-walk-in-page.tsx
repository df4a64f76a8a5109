import { walkInsAllowed } from '@domain/venue';
import { venueSessionById } from '@domain/season';
import { useSearchParams } from 'react-router-dom';
import { RegistrationForm } from '@/features/registration/components/registration-form';
import { savedSession } from '@/features/venue/api/staff-session';
import { saveWalkIn } from '@/features/venue/api/save-walk-in';
import { dayOf, sessionText } from '@/features/venue/utils/format';
import { useT } from '@/lib/i18n/use-t';
import { AppLink } from '@/components/app-link';

/**
 * Venue mode's walk-in (ADR 018): the normal registration form with the session's contest
 * preselected, stored as a walk-in marked with the staff member and this device. Composed here
 * because features never import each other.
 */
export function VenueWalkInPage() {
  const { t, to } = useT();
  const [params] = useSearchParams();
  const session = venueSessionById(params.get('session') ?? '');
  const staff = savedSession();
  if (!session || !staff || !walkInsAllowed(session.id)) {
    return (
      <div className="page">
        <h1>{t('venue.walkIn.heading')}</h1>
        <p>
          {session && !walkInsAllowed(session.id) ? t('venue.walkIn.qualifiedOnly') : t('venue.walkIn.first')} <AppLink to={to('/venue')}>{t('venue.walkIn.back')}</AppLink>
        </p>
      </div>
    );
  }
  const { title, venue } = sessionText(session);
  return (
    <div className="page">
      <h1>{t('venue.walkIn.heading')}</h1>
      <p>
        {t('venue.walkIn.about', { session: `${title} · ${venue} · ${dayOf(session)}`, staff: staff.username })}{' '}
        <AppLink to={`${to('/venue')}?session=${encodeURIComponent(session.id)}`}>{t('venue.walkIn.back')}</AppLink>
      </p>
      <RegistrationForm
        initialCategory={session.categories[0] ?? null}
        consentChannel="field-staff"
        save={(input) => saveWalkIn(input, session, staff)}
      />
    </div>
  );
}
