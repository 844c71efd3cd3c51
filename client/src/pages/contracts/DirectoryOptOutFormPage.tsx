/** /directory-opt-out-form: the printable directory-information opt-out form of the contract's attachment B. */
import './contracts.css';

export default function DirectoryOptOutFormPage() {
  return (
    <main className="page stack opt-out-form">
      <h1>Directory Information Opt-Out Form</h1>
      <p>
        Under the Family Educational Rights and Privacy Act (FERPA), Dual School may disclose directory information
        (the student's name, grade level, enrollment status and participation in school activities) without consent.
        By signing this form, I ask Dual School not to disclose my student's directory information.
      </p>
      <div className="card no-print">
        <strong>Instructions:</strong> print this form, fill it in and sign it, then scan or photograph it and email the
        completed form to Dual School within 15 calendar days of signing your enrollment contract.
      </div>
      <p className="line">Student Name: <span className="blank" /></p>
      <p className="line">Date: <span className="blank" /></p>
      <p className="line">Parent/Guardian Signature: <span className="blank" /></p>
      <p className="line">Date: <span className="blank" /></p>
      <p className="muted">Return within 15 calendar days of signing the enrollment contract.</p>
      <div className="no-print"><button type="button" onClick={() => window.print()}>Print</button></div>
    </main>
  );
}
