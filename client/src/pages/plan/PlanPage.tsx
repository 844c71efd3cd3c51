/**
 * Academic Plan (/plan). This first version shows the plan's terms from the student's year
 * labels; scheduling courses into them arrives with the course catalogue and plan areas.
 */
import { useSession } from '../../session/SessionProvider';
import './plan.css';

export default function PlanPage() {
  const { user } = useSession();
  if (!user) return <main className="page"><p>Please sign in to see the plan.</p></main>;
  const heading = user.userType === 1 || user.userType === 4 ? `${user.firstName} ${user.lastName} - Academic Plan` : 'Academic Plan';
  const terms = user.academicYearLabels;
  return (
    <main className="page stack">
      <h1>{heading}</h1>
      {terms.length === 0 ? (
        <p className="muted">This plan has no terms yet. Join a school to start with its year labels.</p>
      ) : (
        <div className="plan-grid" style={{ gridTemplateColumns: `repeat(${terms.length}, minmax(160px, 1fr))` }}>
          {terms.map((label, i) => (
            <section key={`${label}-${i}`} className="plan-term card" aria-label={label}>
              <h2>{label}</h2>
              <p className="muted">No courses scheduled for this year.</p>
            </section>
          ))}
        </div>
      )}
    </main>
  );
}
