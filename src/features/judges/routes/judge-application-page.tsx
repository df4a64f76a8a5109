// Placeholder until this feature's page is built.
export function JudgeApplicationPage() {
  return (
    <section className="page">
      <h1>Judge Application</h1>
    </section>
  );
}
