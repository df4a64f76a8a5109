// Placeholder until this feature's page is built.
export function WebinarsPage() {
  return (
    <section className="page">
      <h1>Webinars</h1>
    </section>
  );
}
