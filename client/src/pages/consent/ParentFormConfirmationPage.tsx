/** /parent-form-confirmation — the parent's signature is recorded (spec 3 §2). */
export default function ParentFormConfirmationPage() {
  return (
    <main className="page narrow">
      <section className="card stack">
        <h1>Parent Consent Form Successfully Signed!</h1>
        <p>Your signature has been recorded. You can now close this window.</p>
      </section>
    </main>
  );
}
