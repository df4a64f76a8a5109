import { CONTACT } from '@/config/season';

export function PrivacyPage() {
  return (
    <article className="page page--narrow prose" aria-labelledby="privacy-heading">
      <h1 id="privacy-heading">Privacy Policy</h1>
      <p className="lead">
        We collect as little as we can about your child, use it only to run the competition, and delete it on a fixed schedule. Here is
        exactly what that means.
      </p>

      <h2>What we store about children</h2>
      <ul>
        <li>The child’s name and age (in months for the baby contests).</li>
        <li>The contests they entered.</li>
        <li>A parent’s or institute’s email, phone and city, and the institute name if there is one.</li>
        <li>A short reference code for the registration.</li>
      </ul>
      <p>We never ask for a child’s photo, school marks, address or date of birth, and we never sell or rent any of this data.</p>

      <h2>Why we store it</h2>
      <ul>
        <li>To place the child in the right contest, age group and slot.</li>
        <li>To contact the parent about timings, changes and results.</li>
        <li>To print certificates with the right name.</li>
      </ul>

      <h2>How long we keep it</h2>
      <ul>
        <li>
          <strong>On our server:</strong> registrations are kept for the current season plus 12 months, so that results and certificates can be
          checked. After that they are deleted.
        </li>
        <li>
          <strong>On your device, before it is sent:</strong> if you register while offline, the registration stays on your phone or computer
          until it has been sent to us. You can see it, send it again or delete it on the “Saved” page.
        </li>
        <li>
          <strong>On your device, after it is sent:</strong> once our server has confirmed a registration, the copy on your device is removed
          after 7 days.
        </li>
      </ul>

      <h2>Teachers, messages and the newsletter</h2>
      <p>
        Teaching-panel applications (including the photo you choose), contact messages and newsletter emails are kept only as long as we need
        them to reply or to send the newsletter. You can unsubscribe at any time.
      </p>

      <h2>Who can see it</h2>
      <p>
        Only our signed-in competition staff. Judges see a child’s name and contest on the day, nothing more. We use no advertising or tracking
        scripts on this site.
      </p>

      <h2>Your rights</h2>
      <p>
        You can ask to see, correct or delete your child’s data at any time. Write to{' '}
        <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a> or call <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>, and we will act within 7
        days.
      </p>
    </article>
  );
}
