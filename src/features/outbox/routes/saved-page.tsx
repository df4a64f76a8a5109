// Placeholder until this feature's page is built.
export function SavedPage() {
  return (
    <section className="page">
      <h1>Saved</h1>
    </section>
  );
}
