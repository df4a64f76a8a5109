// Placeholder until this feature's page is built.
export function ContestPage() {
  return (
    <section className="page">
      <h1>Contest</h1>
    </section>
  );
}
