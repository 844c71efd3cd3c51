/**
 * /pathways/{uuid}: name, school, description and the requirements by name. Users whose school
 * owns the pathway (or has hs_full_access_enabled) get Edit Pathway and Add Requirement; the
 * server decides (canEdit). A link leads to the student's progress page.
 */
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { EditPathwayDialog } from './PathwayDialogs';
import { PathwayHeader } from './PathwayHeader';
import { RequirementCard } from './RequirementCard';
import { RequirementDialog } from './RequirementDialog';
import { PathwayDocument } from '../../graphql/generated';
import { errorInfo } from '../../graphql/errors';
import { useT } from '../../i18n';

export default function PathwayPage() {
  const t = useT();
  const { uuid = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(PathwayDocument, { variables: { uuid } });
  const [dialog, setDialog] = useState<'edit' | 'add' | null>(null);
  if (error) console.error('Failed to load the pathway', error);
  const pathway = data?.pathway;

  if (loading && !pathway)
    return (
      <main className="page" role="status">
        {t('common.loading')}
      </main>
    );
  if (!pathway) {
    const code = errorInfo(error).code;
    return (
      <main className="page stack">
        <h1>{t('pathways.pathway')}</h1>
        <p>{code === 'FORBIDDEN' ? t('pathways.youDoNotHaveAccessTo') : t('pathways.thisPathwayWasNotFound')}</p>
        <Link to="/pathways">{t('pathways.backToPathways')}</Link>
      </main>
    );
  }

  return (
    <main className="page stack">
      <p style={{ margin: 0 }}>
        <Link to="/pathways">{t('pathways.pathways')}</Link>
      </p>
      <PathwayHeader pathway={pathway} />
      <div className="row">
        <Link className="button secondary" to={`/pathways/${pathway.uuid}/progress`}>
          {t('pathways.viewMyProgress')}
        </Link>
        {pathway.canEdit && (
          <>
            <button type="button" onClick={() => setDialog('edit')}>
              {t('pathways.editPathway')}
            </button>
            <button type="button" onClick={() => setDialog('add')}>
              {t('pathways.addRequirement')}
            </button>
          </>
        )}
      </div>
      <h2>{t('pathways.requirements')}</h2>
      {pathway.requirements.length === 0 ? (
        <p className="muted">{t('pathways.thisPathwayHasNoRequirementsYet')}</p>
      ) : (
        <ul className="requirement-list">
          {pathway.requirements.map((r) => (
            <li key={r.uuid}>
              <RequirementCard requirement={r} onChanged={() => void refetch()} />
            </li>
          ))}
        </ul>
      )}
      {dialog === 'edit' && <EditPathwayDialog pathway={pathway} onClose={() => setDialog(null)} />}
      {dialog === 'add' && <RequirementDialog mode="add" pathwayUuid={pathway.uuid} onClose={() => setDialog(null)} />}
    </main>
  );
}
