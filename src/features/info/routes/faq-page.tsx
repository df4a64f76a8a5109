import { Link } from 'react-router-dom';
import { Accordion } from '@/components/accordion';
import { FAQ_ITEMS } from '../faq-content';

export function FaqPage() {
  return (
    <section className="page page--narrow" aria-labelledby="faq-heading">
      <h1 id="faq-heading">Frequently asked questions</h1>
      <p className="lead">Quick answers for parents, teachers and institutes. Anything missing? Just ask.</p>
      <Accordion items={FAQ_ITEMS} headingLevel={2} />
      <p>
        Still unsure? <Link to="/contact">Contact us</Link> and a real person will get back to you within one working day.
      </p>
    </section>
  );
}
