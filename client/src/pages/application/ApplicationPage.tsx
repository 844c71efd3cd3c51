/**
 * Dual School admission application (/application). The overview pane is here; the step-by-step
 * form is built by the admissions area.
 */
export default function ApplicationPage() {
  return (
    <main className="page stack">
      <h1>Dual School Admission Application</h1>
      <section className="card stack" aria-label="Overview">
        <p>Questions? Email <a href="mailto:admissions@dualschool.example">admissions@dualschool.example</a>.</p>
        <h2>Before you apply</h2>
        <ul>
          <li>Review the Dual School website.</li>
          <li>Book a 15-minute intro call with our admissions team.</li>
        </ul>
        <h2>What the application needs</h2>
        <ul>
          <li>The application form.</li>
          <li>Unofficial transcripts from the last 2 years.</li>
          <li>A virtual interview with the student and at least one parent, scheduled after we receive the application.</li>
        </ul>
        <p>Dual School admits students on a rolling basis.</p>
      </section>
      <p className="muted">The online application form opens soon; we will email you when it is ready.</p>
    </main>
  );
}
