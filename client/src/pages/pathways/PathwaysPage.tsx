/**
 * /pathways: every pathway of the user's school and its partner schools, by name, as cards linking
 * to /pathways/{uuid}. Staff (user_type 2) get the My Pathways variant: a colour selector that
 * filters the list, the Create New Pathway dialog and their school's graduation pathway. A student
 * (also through a staff member's view-as, never a parent's read-only view) gets a Follow toggle on
 * each pathway of their own school: the pathways the caseload and "Where I stand" follow.
 */
import { useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { CreatePathwayDialog, colorLabel, PATHWAY_COLORS } from './PathwayDialogs';
import { FollowToggle, useFollowedPathways } from './FollowToggle';
import { GraduationPathwaySelect } from './GraduationPathwaySelect';
import { PathwaysDocument } from '../../graphql/generated';
import { useSession } from '../../session/SessionProvider';
import '../../components/pathways.css';
import { useT } from '../../i18n';
import { appendPage } from '../../graphql/paging';
import { LoadMoreButton } from '../../components/LoadMoreButton';

export default function PathwaysPage() {
  const t = useT();
  const { user, flags } = useSession();
  const id = useId();
  const isStaff = user?.userType === 'Staff' && !flags.adminViewing;
  const canFollow = user?.userType === 'Student' && !flags.parentViewing && !user.viewingAs?.readOnly;
  const [color, setColor] = useState('');
  const [creating, setCreating] = useState(false);
  const [followError, setFollowError] = useState<string | null>(null);
  const { data, loading, error, refetch, fetchMore } = useQuery(PathwaysDocument, { variables: { color: color || null, first: 100 } });
  if (error) console.error('Failed to load pathways', error);
  const page = data?.pathways;
  const followed = useFollowedPathways(!canFollow);
  // The graduation choices: the school's own pathways, whatever colour the list is filtered by.
  const all = useQuery(PathwaysDocument, { variables: { color: null, first: 100 }, skip: !isStaff });
  const ownSchool = (p: { school?: { id: number } | null }) => !!user?.school && p.school?.id === user.school.id;

  return (
    <main className="page stack">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h1 style={{ margin: 0 }}>{isStaff ? t('pathways.myPathways') : t('pathways.pathwaysHeading')}</h1>
        {isStaff && (
          <button type="button" onClick={() => setCreating(true)}>
            {t('pathways.createNewPathway')}
          </button>
        )}
      </div>
      {isStaff && user?.school && <GraduationPathwaySelect pathways={(all.data?.pathways.nodes ?? []).filter(ownSchool)} />}
      {followError && (
        <div className="alert alert-danger" role="alert">
          <span>{followError}</span>
          <button type="button" aria-label={t('common.dismiss')} onClick={() => setFollowError(null)}>
            ×
          </button>
        </div>
      )}
      {isStaff && (
        <label style={{ maxWidth: 260 }}>
          {t('pathways.filterByColor')}
          <select value={color} onChange={(e) => setColor(e.target.value)}>
            {PATHWAY_COLORS.map((c) => (
              <option key={c} value={c}>
                {c ? colorLabel(c) : t('pathways.allColors')}
              </option>
            ))}
          </select>
        </label>
      )}
      {loading && !page ? (
        <p role="status">{t('common.loading')}</p>
      ) : !page?.nodes.length ? (
        <p className="muted">{t('pathways.noPathwaysYet')}</p>
      ) : (
        <ul className="pathway-grid">
          {page.nodes.map((p) => (
            <li key={p.uuid}>
              <Link to={`/pathways/${p.uuid}`} className="card pathway-card" style={{ borderLeftColor: p.color || p.school?.primaryColor }}>
                <h2 id={`${id}-${p.uuid}`}>{p.name}</h2>
                {p.school && (
                  <span className="school-chip" style={{ background: p.school.primaryColor }}>
                    {p.school.name}
                  </span>
                )}
                <p className="muted" style={{ margin: '8px 0 0' }}>
                  {t('pathways.requirementCount', { count: p.requirements.length })}
                  {p.color && (
                    <>
                      {' · '}
                      {t('components.colorValue', { color: colorLabel(p.color) })}
                    </>
                  )}
                </p>
              </Link>
              {canFollow && followed.ready && ownSchool(p) && (
                <FollowToggle pathwayUuid={p.uuid} following={followed.marked.has(p.uuid)} describedBy={`${id}-${p.uuid}`} onError={setFollowError} />
              )}
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton page={page} onMore={(after) => fetchMore({ variables: { after }, updateQuery: appendPage('pathways') })} />
      {creating && <CreatePathwayDialog onClose={() => setCreating(false)} onCreated={() => void refetch()} />}
    </main>
  );
}
