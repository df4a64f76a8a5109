import { Link } from 'react-router-dom';

/** 'Enroll Now' opens the contact form with the subject prefilled for this program. */
export function EnrollLink({ title }: { title: string }) {
  return (
    <Link
      to={`/contact?subject=${encodeURIComponent(`Enquiry: ${title}`)}`}
      className="button button--primary"
      aria-label={`Enroll Now: ${title}`}
    >
      Enroll Now
    </Link>
  );
}
