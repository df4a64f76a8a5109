// Placeholder until this feature's page is built.
export function AdminRoutes() {
  return (
    <section className="page">
      <h1>Admin Routes</h1>
    </section>
  );
}
