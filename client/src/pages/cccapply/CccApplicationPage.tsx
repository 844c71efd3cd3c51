import { useT } from '../../i18n';
/**
 * The community-college answers review, read-only. The spec gives it no route ("not shown") and
 * lists /cccapply/application as a navigation target only: it is shown here (our decision).
 */
const ANSWERS: [question: string, answer: string][] = [
  ['Enrollment date', '5 January 2025'],
  ['Which term do you plan to attend?', 'Next available term'],
  ['What is your main educational goal?', 'Undecided on goal'],
  ['Intended major or program of study', 'All Majors'],
  ['Course type', 'Non-Credit'],
];

export default function CccApplicationPage() {
  const t = useT();
  return (
    <main className="page stack">
      <h1>{t('cccapply.communityCollegeApplicationAnswers')}</h1>
      <p className="muted">{t('cccapply.theseAreTheAnswersSubmittedWith')}</p>
      <div className="stack">
        {ANSWERS.map(([q, a]) => (
          <section key={q} className="card" aria-label={q}>
            <h2>{q}</h2>
            <p>
              <strong>{a}</strong>
            </p>
          </section>
        ))}
      </div>
      <div className="alert alert-success" role="note">
        {t('cccapply.toChangeAnyOfTheseAnswers')}
      </div>
    </main>
  );
}
