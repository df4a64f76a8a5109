// Placeholder until this feature's page is built.
export function FaqPage() {
  return (
    <section className="page">
      <h1>Faq</h1>
    </section>
  );
}
