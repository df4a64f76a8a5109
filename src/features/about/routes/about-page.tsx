import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Icon } from '@/components/icon';
import { ScrollReveal } from '@/components/scroll-reveal';
import { SPONSORS, type IconName } from '@/config/season';

const TALENTS: readonly { label: string; icon: IconName }[] = [
  { label: 'Singing', icon: 'mic' },
  { label: 'Dancing', icon: 'dance' },
  { label: 'Art', icon: 'palette' },
  { label: 'Reading', icon: 'book' },
  { label: 'Speaking', icon: 'globe' },
  { label: 'Drawing', icon: 'pen' },
  { label: 'Costume', icon: 'mask' },
];

const VALUES = [
  { title: 'Equal participation', text: 'Fees are kept low, online entries are welcome, and no child is judged on the cost of a costume or an instrument.' },
  { title: 'Confidence', text: 'Every participant gets written feedback and a certificate. Stepping on stage is already a win.' },
  { title: 'Recognition', text: 'Winners are celebrated at a real stage event, and every school and institute is thanked by name.' },
];

export function AboutPage() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <div className="stack">
      <section className="hero">
        <p className="hero__eyebrow">About us</p>
        <h1 className="hero__title">A friendly stage for Chennai’s children</h1>
        <p className="hero__lead">
          We are a small team of teachers, artists and parents. Since our first season we have believed that every child has a talent worth
          cheering for, and that a kind stage can change how a child sees themselves.
        </p>
      </section>

      <section className="page" aria-labelledby="talents-heading">
        <h2 id="talents-heading">Talents we celebrate</h2>
        <ul className="talents">
          {TALENTS.map((talent) => (
            <ScrollReveal as="li" key={talent.label} className="talent">
              <span className="talent__icon">
                <Icon name={talent.icon} size={36} />
              </span>
              {talent.label}
            </ScrollReveal>
          ))}
        </ul>
      </section>

      <section className="page" aria-labelledby="values-heading">
        <h2 id="values-heading">Our mission and vision</h2>
        <div className="pillars">
          {VALUES.map((value) => (
            <div key={value.title} className="pillar">
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </div>
          ))}
        </div>
        <p className="center">
          <Link to="/registration" className="button button--primary button--large">
            Join Us
          </Link>
        </p>
      </section>

      <section className="page" id="sponsors" aria-labelledby="about-sponsors-heading" tabIndex={-1}>
        <h2 id="about-sponsors-heading">Our sponsors</h2>
        <p>These partners keep our fees low and our prizes generous. Thank you!</p>
        <ul className="sponsor-list">
          {SPONSORS.map((sponsor) => (
            <li key={sponsor.id}>
              <img src={sponsor.logo} alt={`${sponsor.name} logo`} width={240} height={120} />
              <p>
                <strong>{sponsor.name}</strong>, {sponsor.tagline.toLowerCase()}
              </p>
            </li>
          ))}
        </ul>
        <p>
          Would your brand like to support young talent? <Link to={`/contact?subject=${encodeURIComponent('Enquiry: Sponsorship')}`}>Write to us</Link>.
        </p>
      </section>
    </div>
  );
}
