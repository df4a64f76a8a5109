// Placeholder until this feature's page is built.
export function HomePage() {
  return (
    <section className="page">
      <h1>Home</h1>
    </section>
  );
}
