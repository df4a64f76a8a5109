import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section className="page page--narrow">
      <h1>Page not found</h1>
      <p>We looked everywhere, even behind the stage curtains, but this page is not here.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
