// Placeholder until this feature's page is built.
export function AboutPage() {
  return (
    <section className="page">
      <h1>About</h1>
    </section>
  );
}
