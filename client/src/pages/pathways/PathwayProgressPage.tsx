/**
 * /pathways/{uuid}/progress: the read-only progress of the student (or of the student an admin
 * or parent views as): the pathway header and the requirement cards merged with the progress the
 * server computed. Staff who may edit also get Edit Pathway (with Pathway Color) and Add Requirement.
 */
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { EditPathwayDialog } from './PathwayDialogs';
import { PathwayHeader } from './PathwayHeader';
import { ProgressBar } from '../../components/ProgressBar';
import { fulfilledCount } from '../../components/pathwayStanding';
import { RequirementCard } from './RequirementCard';
import { RequirementDialog } from './RequirementDialog';
import { PathwayDocument, RequirementProgressDocument } from '../../graphql/generated';
import { errorInfo } from '../../graphql/errors';
import { useSession } from '../../session/SessionProvider';
import { useT } from '../../i18n';

export default function PathwayProgressPage() {
  const t = useT();
  const { uuid = '' } = useParams();
  const { user } = useSession();
  // Staff on their own token have no plan: the summary line speaks to students (and views as one).
  const hasPlan = user?.userType !== 'Staff';
  const pathwayQuery = useQuery(PathwayDocument, { variables: { uuid } });
  const progressQuery = useQuery(RequirementProgressDocument, { variables: { pathwayUuid: uuid }, fetchPolicy: 'cache-and-network' });
  const [dialog, setDialog] = useState<'edit' | 'add' | null>(null);
  const pathway = pathwayQuery.data?.pathway;
  if (pathwayQuery.error) console.error('Failed to load the pathway', pathwayQuery.error);
  if (progressQuery.error) console.error('Failed to load requirement progress', progressQuery.error);

  if (pathwayQuery.loading && !pathway)
    return (
      <main className="page" role="status">
        {t('common.loading')}
      </main>
    );
  if (!pathway) {
    const code = errorInfo(pathwayQuery.error).code;
    return (
      <main className="page stack">
        <h1>{t('pathways.pathwayProgress')}</h1>
        <p>{code === 'FORBIDDEN' ? t('pathways.youDoNotHaveAccessTo') : t('pathways.thisPathwayWasNotFound')}</p>
        <Link to="/pathways">{t('pathways.backToPathways')}</Link>
      </main>
    );
  }

  const progress = new Map((progressQuery.data?.requirementProgress ?? []).map((p) => [p.uuid, p]));
  const refresh = () => {
    void pathwayQuery.refetch();
    void progressQuery.refetch();
  };
  const fulfilled = fulfilledCount(pathway.requirements.map((r) => progress.get(r.uuid)));

  return (
    <main className="page stack">
      <p style={{ margin: 0 }}>
        <Link to={`/pathways/${pathway.uuid}`}>← {pathway.name}</Link>
      </p>
      <PathwayHeader pathway={pathway} />
      {hasPlan && progressQuery.data && (
        <p className="muted" style={{ margin: 0 }}>
          {t('pathways.fulfilledOfLengthRequirementsFulfilledBy', { fulfilled, length: pathway.requirements.length })}
        </p>
      )}
      {hasPlan && progressQuery.data && pathway.requirements.length > 0 && (
        <ProgressBar
          label={t('ops.progressRequirements')}
          value={fulfilled}
          max={pathway.requirements.length}
          text={t('ops.requirementsOf', { done: fulfilled, required: pathway.requirements.length })}
        />
      )}
      {pathway.canEdit && (
        <div className="row">
          <button type="button" onClick={() => setDialog('edit')}>
            {t('pathways.editPathway')}
          </button>
          <button type="button" onClick={() => setDialog('add')}>
            {t('pathways.addRequirement')}
          </button>
        </div>
      )}
      <h2>{t('pathways.requirements')}</h2>
      {pathway.requirements.length === 0 ? (
        <p className="muted">{t('pathways.thisPathwayHasNoRequirementsYet')}</p>
      ) : (
        <ul className="requirement-list">
          {pathway.requirements.map((r) => (
            <li key={r.uuid}>
              <RequirementCard requirement={r} progress={progress.get(r.uuid) ?? null} onChanged={refresh} />
            </li>
          ))}
        </ul>
      )}
      {dialog === 'edit' && <EditPathwayDialog pathway={pathway} withColor onClose={() => setDialog(null)} />}
      {dialog === 'add' && <RequirementDialog mode="add" pathwayUuid={pathway.uuid} onClose={() => setDialog(null)} />}
    </main>
  );
}
