// Placeholder until this feature's page is built.
export function EventsPage() {
  return (
    <section className="page">
      <h1>Events</h1>
    </section>
  );
}
