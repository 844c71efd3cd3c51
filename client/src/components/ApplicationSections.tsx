/**
 * The application as the summary shows it (admissions §2): the nine sections in step order, each a
 * two-column table of summary label and value (lists joined by commas, true Yes, false No).
 */
import { APPLICATION_STEPS, displayValue, emptyValues, mergeRecords, type StepRecord } from '@planner/shared/application';

export function ApplicationSections({ formData }: { formData: { step: number; title: string; data: unknown }[] }) {
  const values = mergeRecords(emptyValues(), formData.map((r) => ({ ...r, data: (r.data ?? {}) as Record<string, unknown> })) as StepRecord[]);
  return (
    <div className="stack">
      {APPLICATION_STEPS.map((s) => (
        <section key={s.step} className="card stack" aria-labelledby={`summary-step-${s.step}`}>
          <h2 id={`summary-step-${s.step}`}>{s.title}</h2>
          <table className="data summary-table">
            <tbody>
              {s.fields.map((f) => (
                <tr key={f.name}>
                  <th scope="row">{f.label}</th>
                  <td>{displayValue(values[f.name])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
