import { Link } from 'react-router-dom';
import { CONTACT, LEVELS } from '@/config/season';

export function TermsPage() {
  const level1 = LEVELS[0];
  return (
    <article className="page page--narrow prose" aria-labelledby="terms-heading">
      <h1 id="terms-heading">Terms &amp; Conditions</h1>
      <p className="lead">The simple rules that keep the competition fair and friendly. Please read them with your child.</p>
      <h2>1. Who may register</h2>
      <p>
        A parent or legal guardian registers each child, or an institute registers its students with their guardians’ consent. By registering,
        you confirm that the details are true and that you may share them.
      </p>
      <h2>2. Fees and refunds</h2>
      <p>
        Level 1 fees are {level1?.fee ?? 'shown on the registration page'} per category. Fees are refunded in full if we cancel or move an event
        and you cannot attend the new date. Otherwise fees are not refundable, but we will always try to move your slot.
      </p>
      <h2>3. Performances and judging</h2>
      <p>
        Performances must be the child’s own and suitable for a family audience. Judges’ decisions are final. Every participant receives a
        certificate; prizes are awarded at Levels 2 and 3.
      </p>
      <h2>4. Safety on the day</h2>
      <p>
        A parent or guardian must stay at the venue for children under 12 and for every baby contest. Please follow the instructions of our
        volunteers.
      </p>
      <h2>5. Photos and videos</h2>
      <p>
        We photograph the stage for certificates and results. We only publish a child’s photo online if the parent agrees on the day, and we
        remove it whenever you ask.
      </p>
      <h2>6. Your data</h2>
      <p>
        How we use and keep your details is explained in our <Link to="/privacy">Privacy Policy</Link>.
      </p>
      <h2>7. Questions</h2>
      <p>
        Write to <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a> or call <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>.
      </p>
    </article>
  );
}
