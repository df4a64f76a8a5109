// Placeholder until this feature's page is built.
export function WorkshopsPage() {
  return (
    <section className="page">
      <h1>Workshops</h1>
    </section>
  );
}
