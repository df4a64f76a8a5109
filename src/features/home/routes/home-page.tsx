import { Link } from 'react-router-dom';
import { Icon } from '@/components/icon';
import { ScrollReveal } from '@/components/scroll-reveal';
import { LEVELS, SEASON, SPONSORS, type IconName } from '@/config/season';
import { SponsorsSlider } from '../components/sponsors-slider';

const PROGRAMS: readonly { to: string; title: string; text: string; icon: IconName }[] = [
  { to: '/workshops', title: 'Summer Workshops', text: 'Two-month workshops in dance, music, art and speaking, taught by working artists.', icon: 'star' },
  { to: '/learn-arts', title: 'Learn the Arts', text: 'Weekly classes from watercolour to violin, for beginners and growing talents.', icon: 'palette' },
  { to: '/events', title: 'Events', text: 'Three levels from April to December, plus in-person baby contests.', icon: 'trophy' },
  { to: '/webinars', title: 'Webinars', text: 'Career guidance evenings for students and parents, from anywhere.', icon: 'globe' },
];

const PILLARS = [
  {
    title: 'Our Vision',
    text: 'A Chennai where every child, from every school and neighbourhood, gets a fair chance to be seen and cheered for.',
  },
  {
    title: 'Our Mission',
    text: 'To run friendly, well-judged contests that build confidence: clear rules, kind feedback and a certificate for every participant.',
  },
  {
    title: 'Our Aim',
    text: 'Recognition that lasts. We want children to leave our stage proud of what they tried, not only of what they won.',
  },
];

export function HomePage() {
  const [firstLevel] = LEVELS;
  return (
    <div className="stack">
      <section className="hero">
        <p className="hero__eyebrow">{SEASON.name} · {SEASON.city}</p>
        <h1 className="hero__title">Every child has a talent. Let’s give it a stage.</h1>
        <p className="hero__lead">
          Dance, singing, drawing, storytelling, yoga and more, for children from five months to seventeen years.
          {firstLevel ? ` Level 1 runs ${firstLevel.date}, online or at a centre near you.` : null}
        </p>
        <div className="hero__actions">
          <Link to="/registration" className="button button--primary button--large">
            Register your child
          </Link>
          <Link to="/contest/category" className="button button--light button--large">
            See the contests
          </Link>
        </div>
      </section>

      <section className="page" aria-labelledby="programs-heading">
        <h2 id="programs-heading">Our programs</h2>
        <ul className="card-grid card-grid--four">
          {PROGRAMS.map((program) => (
            <ScrollReveal as="li" key={program.to} className="card card--link">
              <span className="card__icon">
                <Icon name={program.icon} />
              </span>
              <h3 className="card__title">
                <Link to={program.to} className="card__stretched-link">
                  {program.title}
                </Link>
              </h3>
              <p>{program.text}</p>
            </ScrollReveal>
          ))}
        </ul>
      </section>

      <section className="page" aria-labelledby="pillars-heading">
        <h2 id="pillars-heading" className="visually-hidden">
          Vision, Mission and Aim
        </h2>
        <div className="pillars">
          {PILLARS.map((pillar) => (
            <ScrollReveal key={pillar.title} className="pillar">
              <h3>{pillar.title}</h3>
              <p>{pillar.text}</p>
            </ScrollReveal>
          ))}
        </div>
      </section>

      <section className="page sponsors" aria-labelledby="sponsors-heading">
        <h2 id="sponsors-heading">Our Esteemed Sponsors</h2>
        <p>We are proud to partner with these amazing brands!</p>
        <SponsorsSlider sponsors={SPONSORS} />
      </section>
    </div>
  );
}
