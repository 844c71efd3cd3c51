/**
 * Onboarding questions (/onboarding-questions, 'Tell us about yourself'): three steps, then save
 * the answers as ed_goals, generate the four-year plan, refresh the cached user and go to /plan.
 */
import { useMutation } from '@apollo/client/react';
import { joinAnswers, ONBOARDING_GRADE_OPTIONS, ONBOARDING_INTERESTS, ONBOARDING_PRIOR_CLASSES } from '@planner/shared/student-info';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { GenerateFourYearPlanDocument, UpdateEdGoalsDocument } from '../../graphql/generated';
import { useSession } from '../../session/SessionProvider';
import { useT } from '../../i18n';

const NONE = 'None of the above';
const capitalise = (s: string) => s[0].toUpperCase() + s.slice(1);

export default function OnboardingQuestionsPage() {
  const t = useT();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [grade, setGrade] = useState('');
  const [interests, setInterests] = useState<string[]>([]);
  const [classes, setClasses] = useState<string[]>([]);
  const [problem, setProblem] = useState('');
  const [saveGoals, saving] = useMutation(UpdateEdGoalsDocument);
  const [generate, generating] = useMutation(GenerateFourYearPlanDocument);
  const busy = saving.loading || generating.loading;

  const toggle = (list: string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));
  const toggleClass = (value: string, on: boolean) => {
    if (value === NONE) setClasses(on ? [NONE] : []);
    else
      setClasses(
        toggle(
          classes.filter((c) => c !== NONE),
          value,
          on,
        ),
      );
  };

  async function next(e: FormEvent) {
    e.preventDefault();
    const missing = [!grade, !interests.length, !classes.length][step];
    if (missing) return setProblem(step === 0 ? 'Please choose your grade.' : 'Please choose at least one answer.');
    setProblem('');
    if (step < 2) return setStep(step + 1);
    try {
      const ordered = (all: readonly string[], chosen: string[]) => all.filter((a) => chosen.includes(a));
      await saveGoals({
        variables: { edGoals: [grade, joinAnswers(ordered(ONBOARDING_INTERESTS, interests)), joinAnswers(ordered(ONBOARDING_PRIOR_CLASSES, classes))] },
      });
      await generate();
      await refresh().catch((err) => console.error('Refreshing the user failed', err));
      navigate('/plan');
    } catch (err) {
      console.error('Saving the onboarding answers failed', err);
      window.alert(t('onboarding.onboardingError'));
    }
  }

  return (
    <main className="page narrow">
      <form className="card stack" onSubmit={next}>
        <h1>{t('onboarding.tellUsAboutYourself')}</h1>
        <p className="muted">{t('onboarding.stepValueOf3', { value: step + 1 })}</p>
        {problem && (
          <div className="alert alert-danger" role="alert">
            {problem}
          </div>
        )}
        {step === 0 && (
          <fieldset className="stack">
            <legend>{t('onboarding.whatGradeAreYouIn')}</legend>
            {ONBOARDING_GRADE_OPTIONS.map((g) => (
              <label key={g} className="row">
                <input type="radio" name="grade" value={g} checked={grade === g} onChange={() => setGrade(g)} />
                {g}
              </label>
            ))}
          </fieldset>
        )}
        {step === 1 && (
          <fieldset className="stack">
            <legend>{t('onboarding.whatAreYouInterestedInSelect')}</legend>
            {ONBOARDING_INTERESTS.map((o) => (
              <label key={o} className="row">
                <input type="checkbox" checked={interests.includes(o)} onChange={(e) => setInterests(toggle(interests, o, e.target.checked))} />
                {capitalise(o)}
              </label>
            ))}
          </fieldset>
        )}
        {step === 2 && (
          <fieldset className="stack">
            <legend>{t('onboarding.whichOfTheseClassesDidYou')}</legend>
            {ONBOARDING_PRIOR_CLASSES.map((o) => (
              <label key={o} className="row">
                <input type="checkbox" checked={classes.includes(o)} onChange={(e) => toggleClass(o, e.target.checked)} />
                {o}
              </label>
            ))}
          </fieldset>
        )}
        <div className="row">
          {step > 0 && (
            <button type="button" className="secondary" onClick={() => setStep(step - 1)} disabled={busy}>
              {t('common.back')}
            </button>
          )}
          <button type="submit" disabled={busy}>
            {busy ? t('onboarding.buildingYourPlan') : t('common.next')}
          </button>
        </div>
      </form>
    </main>
  );
}
