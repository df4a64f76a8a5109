// Placeholder until this feature's page is built.
export function RegistrationPage() {
  return (
    <section className="page">
      <h1>Registration</h1>
    </section>
  );
}
