import { Link } from 'react-router-dom';
import { SOCIAL_LINKS } from '@/config/season';

const WAYS = [
  {
    title: 'Parents’ circle',
    text: 'Monthly meet-ups at our T. Nagar centre where parents swap practice tips, costume ideas and carpool plans.',
  },
  {
    title: 'Volunteer on contest days',
    text: 'Help with welcome desks, stage queues and the baby contests. Volunteers get a thank-you certificate and lunch.',
  },
  {
    title: 'Teach or judge',
    text: 'Dancers, singers, artists and trainers can join our teaching panel and judge panels across the season.',
  },
  {
    title: 'Schools and institutes',
    text: 'Bring your students as a group. We help with registration, slots and a single point of contact for the day.',
  },
];

export function CommunityPage() {
  return (
    <div className="stack">
      <section className="page" aria-labelledby="community-heading">
        <h1 id="community-heading">Join our community</h1>
        <p className="lead">
          Behind every confident child on stage there is a crowd cheering. Parents, teachers, volunteers and schools: there is a place for you.
        </p>
        <ul className="card-grid card-grid--two">
          {WAYS.map((way) => (
            <li key={way.title} className="card">
              <h2 className="card__title">{way.title}</h2>
              <p>{way.text}</p>
            </li>
          ))}
        </ul>
        <div className="button-row">
          <Link to="/judgereg" className="button button--primary">
            Become Our Teacher
          </Link>
          <Link to={`/contact?subject=${encodeURIComponent('Enquiry: Volunteering')}`} className="button">
            Volunteer with us
          </Link>
        </div>
      </section>
      <section className="page" aria-labelledby="follow-heading">
        <h2 id="follow-heading">Follow along</h2>
        <p>Results, photos and behind-the-scenes moments are shared on our social pages.</p>
        <ul className="chip-list">
          {SOCIAL_LINKS.map((link) => (
            <li key={link.name}>
              <a href={link.href} target="_blank" rel="noopener noreferrer" className="button">
                {link.name}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
