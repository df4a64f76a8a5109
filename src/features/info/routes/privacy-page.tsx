// Placeholder until this feature's page is built.
export function PrivacyPage() {
  return (
    <section className="page">
      <h1>Privacy</h1>
    </section>
  );
}
