import { venueSessionById } from '@domain/season';
import { Link, useSearchParams } from 'react-router-dom';
import { RegistrationForm } from '@/features/registration/components/registration-form';
import { savedSession } from '@/features/venue/api/staff-session';
import { saveWalkIn } from '@/features/venue/api/save-walk-in';

/**
 * Venue mode's walk-in (ADR 018): the normal registration form with the session's contest
 * preselected, stored as a walk-in marked with the staff member and this device. Composed here
 * because features never import each other.
 */
export function VenueWalkInPage() {
  const [params] = useSearchParams();
  const session = venueSessionById(params.get('session') ?? '');
  const staff = savedSession();
  if (!session || !staff) {
    return (
      <div className="page">
        <h1>Walk-in registration</h1>
        <p>
          Choose a session and sign in first: <Link to="/venue">back to venue mode</Link>.
        </p>
      </div>
    );
  }
  return (
    <div className="page">
      <h1>Walk-in registration</h1>
      <p>
        {session.title} · {session.venue} · {session.date}. Saved on this phone as a walk-in by <strong>{staff.username}</strong>, and sent
        when there is a connection. <Link to={`/venue?session=${encodeURIComponent(session.id)}`}>Back to venue mode</Link>
      </p>
      <RegistrationForm
        initialCategory={session.categories[0] ?? null}
        consentChannel="field-staff"
        save={(input) => saveWalkIn(input, session, staff)}
      />
    </div>
  );
}
