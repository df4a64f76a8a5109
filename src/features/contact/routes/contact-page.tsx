// Placeholder until this feature's page is built.
export function ContactPage() {
  return (
    <section className="page">
      <h1>Contact</h1>
    </section>
  );
}
