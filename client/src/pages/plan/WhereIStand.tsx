/**
 * "Where I stand" on the plan page: for each pathway the student follows, a bar of fulfilled
 * requirements out of all, linking to the pathway's progress page.
 *
 * Which pathways a student follows (components/pathwayStanding.ts followedStandings): the ones they
 * marked with Follow on the Pathways page, when they marked any. Otherwise the fallback: the
 * progress computation covers every pathway of the schools the student sees (their school and its
 * partners; a district college may have hundreds), so a pathway counts as followed when at least
 * one course of their plan counts toward one of its requirements, and the list grows as courses
 * are added. With none, the section says so and links to the pathways. (The caseload's fallback
 * differs: it is the school's graduation pathway, since staff measure every student against one.)
 *
 * The numbers are the server's requirement progress (the query the progress page reads) counted
 * by components/pathwayStanding.ts, the rule the progress page uses.
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { followedStandings, type RequirementProgressLike } from '../../components/pathwayStanding';
import { useT } from '../../i18n';
import './WhereIStand.css';

interface Props {
  /** The student's requirement progress over every pathway they see; undefined when it failed to load. */
  progress: readonly RequirementProgressLike[] | undefined;
  /** The pathways the student marked as followed; empty or undefined: none (or not loaded), the fallback rule. */
  marked?: readonly { uuid: string; name: string }[];
}

export function WhereIStand({ progress, marked }: Props) {
  const t = useT();
  const id = useId();
  const followed = progress ? followedStandings(progress, marked) : [];
  return (
    <section className="card where-i-stand" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('plan.whereIStand')}</h2>
      {!progress ? (
        <p className="muted">{t('plan.whereIStandFailed')}</p>
      ) : followed.length === 0 ? (
        <p className="muted">
          {t('plan.whereIStandNone')} <Link to="/pathways">{t('plan.explorePathways')}</Link>
        </p>
      ) : (
        <ul>
          {followed.map((s) => {
            const percent = s.total > 0 ? Math.round((s.fulfilled / s.total) * 100) : 100;
            const text = t('ops.percent', { text: t('ops.requirementsOf', { done: s.fulfilled, required: s.total }), percent });
            return (
              <li key={s.pathwayUuid}>
                <Link id={`${id}-${s.pathwayUuid}`} to={`/pathways/${s.pathwayUuid}/progress`}>
                  {s.pathwayName}
                </Link>
                <progress aria-labelledby={`${id}-${s.pathwayUuid}`} aria-valuetext={text} max={Math.max(s.total, 1)} value={s.total > 0 ? s.fulfilled : 1} />
                <span className="muted">{text}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
