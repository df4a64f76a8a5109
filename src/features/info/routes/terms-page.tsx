// Placeholder until this feature's page is built.
export function TermsPage() {
  return (
    <section className="page">
      <h1>Terms</h1>
    </section>
  );
}
