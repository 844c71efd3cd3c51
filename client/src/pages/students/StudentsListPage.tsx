/**
 * Students List (/students-list): case-insensitive search over first name, last name, email and
 * CCCApply status, sortable columns (aria-sort), the conditional columns of planning §2, view as a
 * student, a student's course history from the school's record, the Import Roster and Import
 * Course History dialogs (loaded when opened) and the Export Parent Forms dialog. Paged on the server (50 a page, "Load more"), so a
 * school of thousands of students stays fast.
 */
import { useQuery } from '@apollo/client/react';
import { lazy, Suspense, useDeferredValue, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AccessibleSchoolsDocument, StudentsDocument, type StudentSort } from '../../graphql/generated';
import { useSession } from '../../session/SessionProvider';
import { useViewAsStudent } from '../../session/useViewAsStudent';
import { cccApplyStatusLabel, consentStateLabel } from './studentStatusLabels';
import { ExportParentFormsDialog } from './ExportParentFormsDialog';
import { ImportRosterButton } from './ImportRosterDialog';
import { StudentDashboard } from './StudentDashboard';
import { useStudentFilters } from './studentFilters';
import { DeleteStudentDialog } from './DeleteStudentDialog';
import { useT } from '../../i18n';
import '../../components/tables.css';
import { appendPage } from '../../graphql/paging';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { SortHeader } from '../../components/SortHeader';

const ImportTranscriptDialog = lazy(() => import('../transcripts/ImportTranscriptDialog'));
const StudentRecordDialog = lazy(() => import('../transcripts/StudentRecordDialog'));

type Sort = StudentSort;

export default function StudentsListPage() {
  const t = useT();
  const { user } = useSession();
  const school = user?.school ?? null;
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('first_name');
  const [descending, setDescending] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [importingHistory, setImportingHistory] = useState(false);
  const [record, setRecord] = useState<{ id: number; name: string } | null>(null);
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const [notice, setNotice] = useState('');
  const filters = useStudentFilters();
  const { data, loading, error, fetchMore } = useQuery(StudentsDocument, { variables: { search, sort, descending, first: 50, ...filters } });
  const accessible = useQuery(AccessibleSchoolsDocument);
  const { view, loading: viewing } = useViewAsStudent('admin');

  useEffect(() => {
    if (error) console.error('Failed to load students', error);
    if (accessible.error) console.error('Failed to load accessible schools', accessible.error);
  }, [error, accessible.error]);

  // Planning §7: when the accessible schools cannot be loaded, the user's own school is used.
  const schools = accessible.data?.accessibleSchools ?? (school ? [school] : []);
  const showSchool = schools.length > 1;
  const showCcc = !!school?.cccApplyEnabled;
  const parentForms = !!school?.parentFormEnabled;

  const columns: { key: Sort; label: string }[] = [
    { key: 'first_name', label: t('common.firstName') },
    { key: 'last_name', label: t('common.lastName') },
    { key: 'email', label: t('common.email') },
    { key: 'grade', label: t('students.grade') },
    ...(showCcc ? [{ key: 'ccc_apply_status' as const, label: t('students.cccapplyStatus') }] : []),
  ];

  function toggle(key: Sort) {
    if (key === sort) setDescending(!descending);
    else {
      setSort(key);
      setDescending(false);
    }
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    setSearch(draft.trim());
  }

  // The table renders from a deferred copy of the answer: React builds it in a transition (short
  // slices that yield), not inside the answer's synchronous store update (total blocking time).
  const page = useDeferredValue(data?.students);
  return (
    <main className="page stack">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h1>{t('students.studentsList')}</h1>
        <div className="row">
          <Link to="/caseload">{t('students.caseload')}</Link>
          <ImportRosterButton />
          <button type="button" className="secondary" onClick={() => setImportingHistory(true)}>
            {t('transcripts.importTranscript')}
          </button>
          {parentForms && (
            <button type="button" onClick={() => setExporting(true)}>
              {t('students.exportParentForms')}
            </button>
          )}
        </div>
      </div>
      <StudentDashboard showCccApply={showCcc} />
      <form className="row" onSubmit={submit} role="search">
        <label style={{ flex: 1 }}>
          <span className="sr-only">{t('students.searchStudents')}</span>
          <input
            type="search"
            placeholder={showCcc ? t('students.searchByNameEmailOrCccapply') : t('students.searchByNameOrEmail')}
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              if (!e.target.value) setSearch('');
            }}
          />
        </label>
        <button type="submit">{t('students.search')}</button>
      </form>
      {(loading || data?.students) && !page ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {t('students.count', { count: page?.totalCount ?? 0 })}
          </p>
          <div className="table-fit">
            <table className="data cards">
              <thead>
                <tr>
                  {columns.map((c) => (
                    <SortHeader key={c.key} label={c.label} sorted={sort === c.key} descending={descending} onSort={() => toggle(c.key)} />
                  ))}
                  {showSchool && <th>{t('students.school')}</th>}
                  <th>{t('students.parentConsentForm')}</th>
                  {parentForms && <th>{t('students.parentForm')}</th>}
                  <th>{t('students.edplan')}</th>
                  <th>{t('common.action')}</th>
                </tr>
              </thead>
              <tbody>
                {page?.nodes.map((s) => {
                  const name = `${s.firstName} ${s.lastName}`;
                  return (
                    <tr key={s.id}>
                      <td data-label={t('common.firstName')}>{s.firstName}</td>
                      <td data-label={t('common.lastName')}>{s.lastName}</td>
                      <td data-label={t('common.email')} className="cell-break">
                        {s.email}
                      </td>
                      <td data-label={t('students.grade')}>{s.grade ?? ''}</td>
                      {showCcc && <td data-label={t('students.cccapplyStatus')}>{cccApplyStatusLabel(t, s.cccApplyStatus)}</td>}
                      {showSchool && <td data-label={t('students.school')}>{s.school?.name ?? ''}</td>}
                      <td data-label={t('students.parentConsentForm')}>{consentStateLabel(t, s.parentConsentFormState)}</td>
                      {parentForms && (
                        <td data-label={t('students.parentForm')}>
                          {s.parentCode && (
                            <button
                              type="button"
                              className="secondary"
                              aria-label={t('students.parentFormForName', { name })}
                              onClick={() => window.open(`/parent-form-viewer/${encodeURIComponent(s.parentCode!)}`, '_blank', 'noopener')}
                            >
                              {t('students.parentForm')}
                            </button>
                          )}
                        </td>
                      )}
                      <td data-label={t('students.edplan')}>
                        {s.school?.fourYearPlanEnabled && (
                          <button type="button" className="secondary" onClick={() => view(s.id)} disabled={viewing} aria-label={t('students.edplanForName', { name })}>
                            {t('students.edplan')}
                          </button>
                        )}
                      </td>
                      <td data-label={t('common.action')}>
                        <div className="cell-actions">
                          <button type="button" onClick={() => view(s.id)} disabled={viewing} aria-label={t('students.viewName', { name })}>
                            {t('students.viewStudent')}
                          </button>
                          <button
                            type="button"
                            className="secondary"
                            onClick={() => setRecord({ id: s.id, name })}
                            aria-label={t('transcripts.courseHistoryForName', { name })}
                          >
                            {t('transcripts.courseHistory')}
                          </button>
                          <button type="button" className="danger" onClick={() => setDeleting({ id: s.id, name })} aria-label={t('trust.deleteName', { name })}>
                            {t('trust.delete')}
                          </button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <LoadMoreButton page={page} onMore={(after) => fetchMore({ variables: { after }, updateQuery: appendPage('students') })} />
        </>
      )}
      {notice && (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      )}
      {deleting && (
        <DeleteStudentDialog
          student={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(m) => {
            setDeleting(null);
            setNotice(m);
          }}
        />
      )}
      {exporting && <ExportParentFormsDialog schools={schools} onClose={() => setExporting(false)} />}
      <Suspense fallback={null}>
        {importingHistory && <ImportTranscriptDialog onClose={() => setImportingHistory(false)} />}
        {record && <StudentRecordDialog student={record} onClose={() => setRecord(null)} />}
      </Suspense>
    </main>
  );
}
