// Placeholder until this feature's page is built.
export function LearnArtsPage() {
  return (
    <section className="page">
      <h1>Learn Arts</h1>
    </section>
  );
}
