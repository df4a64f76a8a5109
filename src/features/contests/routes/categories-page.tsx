// Placeholder until this feature's page is built.
export function CategoriesPage() {
  return (
    <section className="page">
      <h1>Categories</h1>
    </section>
  );
}
