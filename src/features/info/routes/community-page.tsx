// Placeholder until this feature's page is built.
export function CommunityPage() {
  return (
    <section className="page">
      <h1>Community</h1>
    </section>
  );
}
