/**
 * Dual School admission application (/application, admissions §2, §4, §5): the overview pane and
 * the nine-step wizard. Next and Back save the whole form as in_progress (a failed save alerts and
 * does not block); Submit saves as complete, refreshes the cached user and goes to
 * /parent-applications with a reload after 100 ms. The step index is kept as applicationStep and
 * the restricted header's progress bar follows it.
 */
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  APPLICATION_STEPS,
  emptyValues,
  isRequired,
  mergeRecords,
  resumeStep,
  toRecords,
  TRANSCRIPT_ACCEPT,
  WIZARD_STEP_COUNT,
  type ApplicationField,
  type ApplicationValues,
  type StepRecord,
} from '@planner/shared/application';
import { MyApplicationDocument, SaveApplicationDocument } from '../../graphql/generated';
import { rest } from '../../api/rest';
import { messageOr } from '../../graphql/errors';
import { useSession } from '../../session/SessionProvider';
import { reloadTo, setApplicationStep } from '../../session/storage';
import './application.css';
import { useT } from '../../i18n';

/** Post-submit page reload (admissions §9). */
const RELOAD_DELAY_MS = 100;

/** Uploads one transcript (POST /api/application/, multipart field `file`); true when stored. */
async function uploadTranscript(file: File): Promise<boolean> {
  const body = new FormData();
  body.append('file', file);
  try {
    await rest('/api/application/', { method: 'POST', body });
    return true;
  } catch {
    return false;
  }
}

export default function ApplicationPage() {
  const t = useT();
  const client = useApolloClient();
  const { refresh } = useSession();
  const [values, setValues] = useState<ApplicationValues>(emptyValues);
  const [step, setStepState] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [save] = useMutation(SaveApplicationDocument);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const goTo = (n: number) => {
    const next = Math.min(WIZARD_STEP_COUNT - 1, Math.max(0, n));
    setStepState(next);
    setApplicationStep(next);
  };

  useEffect(() => {
    let live = true;
    client
      .query({ query: MyApplicationDocument, fetchPolicy: 'network-only' })
      .then(({ data }) => {
        if (!live || !data) return;
        const records = data.application.formData.map((r) => ({ step: r.step, title: r.title, data: (r.data ?? {}) as Record<string, unknown> })) as StepRecord[];
        setValues((v) => mergeRecords(v, records));
        if (data.application.applicationStatus === 'complete') setSubmitted(true);
        goTo(resumeStep(data.application.applicationStatus, records));
      })
      .catch((e: unknown) => {
        console.error('Failed to load the application', e);
        if (live) goTo(0);
      })
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [client]);

  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [step, loaded]);

  const set = (name: string, value: ApplicationValues[string]) => setValues((v) => ({ ...v, [name]: value }));

  async function saveProgress(): Promise<void> {
    if (submitted) return;
    try {
      await save({ variables: { formData: toRecords(values), applicationStatus: 'in_progress' } });
    } catch (e) {
      console.error('Saving the application failed', e);
      window.alert(t('application.saveFailed'));
    }
  }

  async function move(delta: number) {
    setBusy(true);
    await saveProgress();
    setBusy(false);
    goTo(step + delta);
  }

  async function submitApplication() {
    setBusy(true);
    try {
      await save({ variables: { formData: toRecords(values), applicationStatus: 'complete' } });
    } catch (e) {
      console.error('Submitting the application failed', e);
      // The server names the required fields left blank; a lost connection gets the save message.
      window.alert(messageOr(e, t('application.saveFailed')));
      setBusy(false);
      return;
    }
    try {
      await refresh();
    } catch (e) {
      console.error('Refreshing the current user failed', e);
    }
    setApplicationStep(0);
    window.setTimeout(() => reloadTo('/parent-applications'), RELOAD_DELAY_MS);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || uploading) return;
    if (step === WIZARD_STEP_COUNT - 1) {
      if (!submitted) void submitApplication();
    } else {
      void move(1);
    }
  }

  async function onFiles(e: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (!files.length) return;
    setUploading(true);
    const stored: string[] = [];
    // One request per file, in order; a failure alerts and the others continue.
    for (const file of files) {
      if (await uploadTranscript(file)) stored.push(file.name);
      else window.alert(t('application.failedToUploadName', { name: file.name }));
    }
    setValues((v) => ({ ...v, transcriptFiles: [...(v.transcriptFiles as string[]), ...stored] }));
    setUploading(false);
  }

  const current = APPLICATION_STEPS[step];
  const isLast = step === WIZARD_STEP_COUNT - 1;

  return (
    <main className="page">
      <div className="application-layout">
        <Overview />
        <section className="card stack" aria-labelledby="application-step-title">
          <h2 id="application-step-title" ref={headingRef} tabIndex={-1}>
            {step + 1}. {current.title}
          </h2>
          {submitted && (
            <div className="alert alert-success" role="status">
              <span>
                {t('application.yourApplicationHasBeenSubmitted')} <Link to="/parent-applications">{t('application.seeItsStatus')}</Link>.
              </span>
            </div>
          )}
          {!loaded ? (
            <p role="status">{t('common.loading')}</p>
          ) : (
            <form className="stack" onSubmit={onSubmit}>
              <fieldset disabled={submitted} className="stack" style={{ border: 0, padding: 0, margin: 0 }}>
                {isLast && <Terms />}
                {current.fields
                  .filter((f) => !f.noInput)
                  .map((f) =>
                    f.kind === 'files' ? (
                      <div key={f.name} className="stack">
                        <label>
                          {f.input ?? f.label}
                          <span className="hint">{t('application.acceptedFormatsHintYouCanChoose', { hint: f.hint })}</span>
                          <input type="file" multiple accept={TRANSCRIPT_ACCEPT} onChange={onFiles} disabled={uploading || submitted} />
                        </label>
                        {uploading && <p role="status">{t('application.uploading')}</p>}
                        {(values.transcriptFiles as string[]).length > 0 ? (
                          <ul aria-label={t('application.uploadedTranscripts')}>
                            {(values.transcriptFiles as string[]).map((name, i) => (
                              <li key={`${name}-${i}`}>{name}</li>
                            ))}
                          </ul>
                        ) : (
                          <p className="muted">{t('application.noFilesUploadedYet')}</p>
                        )}
                      </div>
                    ) : (
                      <FieldInput key={f.name} field={f} values={values} onChange={set} />
                    ),
                  )}
              </fieldset>
              <div className="wizard-nav">
                <button type="button" className="secondary" onClick={() => move(-1)} disabled={step === 0 || busy || uploading}>
                  {t('common.back')}
                </button>
                <span className="muted">{t('application.stepValueOfWizardStepCount', { value: step + 1, WIZARD_STEP_COUNT })}</span>
                {isLast ? (
                  <button type="submit" disabled={busy || uploading || submitted}>
                    {t('application.submitApplication')}
                  </button>
                ) : (
                  <button type="submit" disabled={busy || uploading}>
                    {t('common.next')}
                  </button>
                )}
              </div>
            </form>
          )}
        </section>
      </div>
    </main>
  );
}

function FieldInput({
  field: f,
  values,
  onChange,
}: {
  field: ApplicationField;
  values: ApplicationValues;
  onChange: (name: string, v: ApplicationValues[string]) => void;
}) {
  const label = f.input ?? f.label;
  const required = isRequired(f, values);
  if (f.kind === 'bool') {
    return (
      <label className="check">
        <input type="checkbox" checked={values[f.name] === true} onChange={(e) => onChange(f.name, e.target.checked)} />
        {label}
      </label>
    );
  }
  const value = typeof values[f.name] === 'string' ? (values[f.name] as string) : '';
  if (f.kind === 'textarea') {
    return (
      <label>
        {label}
        <textarea rows={4} value={value} required={required} onChange={(e) => onChange(f.name, e.target.value)} />
      </label>
    );
  }
  // No format checks on email, phone, date or grade (§5): plain text, except the signature date's picker.
  const type = f.kind === 'date' ? 'date' : f.kind === 'tel' ? 'tel' : 'text';
  return (
    <label>
      {label}
      {required && <span aria-hidden="true"> *</span>}
      {f.hint && <span className="hint">{f.hint}</span>}
      <input type={type} inputMode={f.kind === 'email' ? 'email' : undefined} value={value} required={required} onChange={(e) => onChange(f.name, e.target.value)} />
    </label>
  );
}

function Overview() {
  const t = useT();
  return (
    <aside className="card stack" aria-label={t('application.overview')}>
      <h1>{t('application.dualSchoolAdmissionApplication')}</h1>
      <p>
        {t('application.questionsEmail')} <a href="mailto:admissions@dualschool.example">{t('application.admissionsDualschoolExample')}</a>.
      </p>
      <h2>{t('application.beforeYouApply')}</h2>
      <ul>
        <li>{t('application.reviewTheDualSchoolWebsite')}</li>
        <li>{t('application.bookA15MinuteIntroCall')}</li>
      </ul>
      <h2>{t('application.whatTheApplicationNeeds')}</h2>
      <ul>
        <li>{t('application.theApplicationForm')}</li>
        <li>{t('application.unofficialTranscriptsFromTheLast2')}</li>
        <li>{t('application.aVirtualInterviewWithTheStudent')}</li>
      </ul>
      <p>{t('application.dualSchoolAdmitsStudentsOnA')}</p>
    </aside>
  );
}

/** The terms box of the last step (admissions §2, §9). */
function Terms() {
  const t = useT();
  return (
    <div className="terms stack" role="region" aria-label={t('application.terms')}>
      <h3>{t('application.pleaseReviewBeforeSigning')}</h3>
      <p>
        <strong>{t('application.tuition')}</strong> {t('application.annualTuitionIs10000Payment')}
      </p>
      <p>
        <strong>{t('application.universityGuarantee')}</strong> {t('application.ifTheStudentMeetsAllOf')}
      </p>
      <p>
        <strong>{t('application.interview')}</strong> {t('application.interviewRequiredBeforeAdmission')}
      </p>
      <p>{t('application.bySigningBelowIConfirmThat')}</p>
    </div>
  );
}
