/**
 * "Generate a plan" on the plan page: the student (or a counselor viewing as them) picks the
 * pathways to plan for, and the server's generator answers with the fewest-terms plan, shown as
 * what it would add and where, or with the requirement that cannot be met, by how much and what
 * blocks it, each reason in the reader's language. A preview: nothing changes in the plan until
 * the student saves it as a what-if plan (named for the pathways; the official plan is untouched)
 * or replaces their plan with it (their own plan only: a counselor generating for a student of the
 * caseload saves a what-if plan).
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { Fragment, useId, useState, type FormEvent } from 'react';
import { messageOr } from '../../graphql/errors';
import { useLocale, useT, useTermLabel } from '../../i18n';
import { PlanDocument, WhatIfPlansDocument } from '../../graphql/generated';
import {
  AutoPlanPathwaysDocument,
  GeneratePlanDocument,
  ReplacePlanWithGeneratedDocument,
  SaveGeneratedPlanDocument,
  type GeneratePlanMutation,
} from './auto-plan.generated';

type Generated = GeneratePlanMutation['generatePlan'];

/** `studentId`: a counselor generating for a student of the caseload (left out: the signed-in student). */
export function AutoPlanPanel({ onSaved, studentId }: { onSaved(whatIfPlanId: number): void; studentId?: number }) {
  const t = useT();
  const id = useId();
  const pathways = useQuery(AutoPlanPathwaysDocument, { variables: studentId ? { studentId } : {} });
  // The pathways the student follows are ticked until the reader changes the choice.
  const [picked, setPicked] = useState<number[] | null>(null);
  const chosen = picked ?? (pathways.data?.followedPathways ?? []).map((f) => f.pathway.id);
  const [movePlanned, setMovePlanned] = useState(false);
  const [result, setResult] = useState<Generated | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generate, { loading }] = useMutation(GeneratePlanDocument);
  const [save, saving] = useMutation(SaveGeneratedPlanDocument, { refetchQueries: studentId ? [] : [WhatIfPlansDocument], awaitRefetchQueries: true });
  const [replace, replacing] = useMutation(ReplacePlanWithGeneratedDocument, { refetchQueries: [PlanDocument], awaitRefetchQueries: true });
  const [replaced, setReplaced] = useState<{ added: number; moved: number } | null>(null);
  const [asked, setAsked] = useState<{ studentId?: number; pathwayIds: number[]; movePlanned: boolean } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setResult(null);
    setReplaced(null);
    try {
      const input = { ...(studentId ? { studentId } : {}), pathwayIds: chosen, movePlanned };
      const res = await generate({ variables: { input } });
      if (res.data) {
        setResult(res.data.generatePlan);
        setAsked(input);
      }
    } catch (err) {
      setError(messageOr(err, t('autoPlan.failed')));
    }
  }

  async function saveAs(name: string) {
    if (!asked) return;
    setError(null);
    try {
      const res = await save({ variables: { input: asked, name } });
      if (res.data) onSaved(res.data.saveGeneratedPlan);
    } catch (err) {
      setError(messageOr(err, t('autoPlan.saveFailed')));
    }
  }

  /** The student's own official plan becomes the generated one (the same input gives the same plan). */
  async function replacePlan() {
    if (!asked || studentId) return;
    setError(null);
    try {
      const res = await replace({ variables: { input: asked } });
      if (res.data) {
        setReplaced(res.data.replacePlanWithGenerated);
        setResult(null);
      }
    } catch (err) {
      setError(messageOr(err, t('autoPlan.replaceFailed')));
    }
  }

  const toggle = (pathwayId: number) => setPicked(chosen.includes(pathwayId) ? chosen.filter((x) => x !== pathwayId) : [...chosen, pathwayId]);
  const nodes = pathways.data?.pathways.nodes ?? [];
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('autoPlan.title')}</h2>
      <form className="stack" onSubmit={submit}>
        <fieldset>
          <legend>{t('autoPlan.pathways')}</legend>
          {nodes.map((p) => (
            <label key={p.id} className="row" style={{ gap: 6 }}>
              <input type="checkbox" checked={chosen.includes(p.id)} onChange={() => toggle(p.id)} />
              {p.name}
            </label>
          ))}
        </fieldset>
        <label className="row" style={{ gap: 6 }}>
          <input type="checkbox" checked={movePlanned} onChange={(e) => setMovePlanned(e.target.checked)} />
          {t('autoPlan.movePlanned')}
        </label>
        <div className="row">
          <button type="submit" disabled={loading || !chosen.length}>
            {loading ? t('autoPlan.generating') : t('autoPlan.generate')}
          </button>
        </div>
      </form>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      {replaced && (
        <p role="status" className="alert alert-success">
          {t('autoPlan.replaced', { added: replaced.added, moved: replaced.moved })}
        </p>
      )}
      {result && <AutoPlanResult result={result} />}
      {result && result.status !== 'INFEASIBLE' && result.entries.length > 0 && (
        <>
          <SaveForm
            initial={nodes
              .filter((p) => asked?.pathwayIds.includes(p.id))
              .map((p) => p.name)
              .join(', ')
              .slice(0, 80)}
            busy={saving.loading}
            onSave={saveAs}
          />
          {!studentId && (
            <div className="row">
              <button type="button" className="secondary" disabled={replacing.loading} onClick={() => void replacePlan()}>
                {t('autoPlan.replacePlan')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function AutoPlanResult({ result }: { result: Generated }) {
  const t = useT();
  const added = result.entries.filter((e) => e.added || e.movedFrom !== null);
  return (
    <div className="stack" role="status">
      {result.status === 'OPTIMAL' && <p>{t('autoPlan.optimal', { terms: result.terms })}</p>}
      {result.status === 'UNPROVEN' && <p>{t('autoPlan.unproven', { seconds: result.timeLimitSeconds })}</p>}
      {result.shortfalls.map((s) => (
        <p key={s.requirementId} className="alert alert-danger">
          <ShortfallText shortfall={s} />
        </p>
      ))}
      {added.length > 0 && (
        <>
          <h3>{t('autoPlan.wouldAdd')}</h3>
          <ul>
            {added.map((e) => (
              <li key={e.courseId}>
                {e.movedFrom !== null
                  ? t('autoPlan.moved', { code: e.courseCode, title: e.title, term: e.termLabel })
                  : t('autoPlan.added', { code: e.courseCode, title: e.title, term: e.termLabel })}
              </li>
            ))}
          </ul>
        </>
      )}
      {result.status !== 'INFEASIBLE' && added.length === 0 && <p>{t('autoPlan.nothingToAdd')}</p>}
    </div>
  );
}

/** A requirement no plan can meet, by how much and what blocks it, in the reader's language (also the caseload's generated plans). */
export function ShortfallText({ shortfall: s }: { shortfall: Generated['shortfalls'][number] }) {
  const t = useT();
  return (
    <>
      {t('autoPlan.cannotBeMet', { pathway: s.pathwayName, requirement: s.requirementName })}{' '}
      {s.missingCourses > 0 && t('autoPlan.missingCourses', { count: s.missingCourses, requirement: s.requirementName })}{' '}
      {s.missingUnits > 0 && t('autoPlan.missingUnits', { count: s.missingUnits, requirement: s.requirementName })}{' '}
      {s.blockedBy.map((b, i) => (
        <Fragment key={i}>
          {i > 0 && ' '}
          <BlockerText blocker={b} />
        </Fragment>
      ))}
    </>
  );
}

const SEASON_ORDER = ['fall', 'spring', 'summer'] as const;

/**
 * One thing that blocks a requirement. A prerequisite that does not fit names the last term the
 * course could go in, and a course offered only in some seasons says which ("MATH 7 is offered only
 * in fall and needs MATH 2, which does not fit before 12th Grade").
 */
function BlockerText({ blocker: b }: { blocker: Generated['shortfalls'][number]['blockedBy'][number] }) {
  const t = useT();
  const { locale } = useLocale();
  const termLabel = useTermLabel();
  const course = b.courseCode ?? '';
  const prerequisite = b.prerequisiteCode ?? '';
  const seasonList = SEASON_ORDER.filter((s) => b.offeredTerms?.includes(s)).map((s) => t(`autoPlan.season.${s}`));
  const seasons = new Intl.ListFormat(locale, { type: 'conjunction' }).format(seasonList);
  const term = b.lastTermLabel ? termLabel(b.lastTermLabel) : null;
  let text: string;
  if (b.reason === 'NOT_OFFERED' && seasonList.length && b.prerequisiteCode && term)
    text = t('autoPlan.blocked.offeredOnlyNeeds', { course, seasons, prerequisite, term });
  else if (b.reason === 'NOT_OFFERED' && seasonList.length && !b.prerequisiteCode) text = t('autoPlan.blocked.offeredOnly', { course, seasons });
  else if ((b.reason === 'PREREQUISITE_TOO_LATE' || b.reason === 'NOT_OFFERED') && b.prerequisiteCode && term)
    text = t('autoPlan.blocked.needsBefore', { course, prerequisite, term });
  else text = t(`autoPlan.blocked.${b.reason}`, { course, prerequisite, requirement: b.requirementName ?? '' });
  return <>{text}</>;
}

function SaveForm({ initial, busy, onSave }: { initial: string; busy: boolean; onSave(name: string): void }) {
  const t = useT();
  const [name, setName] = useState(initial);
  return (
    <form
      className="row"
      style={{ flexWrap: 'wrap', alignItems: 'flex-end', gap: 8 }}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(name.trim());
      }}
    >
      <label>
        {t('autoPlan.whatIfName')}
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />
      </label>
      <button type="submit" disabled={busy || !name.trim()}>
        {t('autoPlan.saveWhatIf')}
      </button>
    </form>
  );
}
