import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section className="page page--narrow not-found" aria-labelledby="not-found-heading">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-heading">Page not found</h1>
      <p>We looked everywhere, even behind the stage curtains, but this page is not here.</p>
      <div className="button-row">
        <Link to="/" className="button button--primary">
          Go to the home page
        </Link>
        <Link to="/contest/category" className="button">
          See the contests
        </Link>
      </div>
    </section>
  );
}
