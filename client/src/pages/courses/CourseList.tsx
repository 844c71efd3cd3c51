/**
 * The searchable, filterable course list shared by /courses and /partner-courses: search on Enter or
 * the Search button, the Filter by Requirement dialog and its chip, a spinner image while loading,
 * 50 courses a page with "Load more" (the server pages: first/after). Two views of the same page:
 * cards, or the compact list (one line per course), which is the default for staff whose list holds
 * more than 50 courses; the choice made with the View buttons is remembered in this browser.
 */
import { useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CourseCard } from './CourseCard';
import { CourseRows } from './CourseRows';
import { CoursesDocument, PartnerCoursesDocument, type CourseCardFieldsFragment } from '../../graphql/generated';
import { FilterByRequirementDialog, type RequirementChoice } from './FilterByRequirementDialog';
import './courses.css';
import { useT } from '../../i18n';

interface Props {
  kind: 'own' | 'partner';
  /** Buttons shown beside the search (Add Course, Upload Courses CSV). */
  actions?: ReactNode;
  /** Changes when the list must be fetched again (after an add or an upload). */
  version: number;
  /** Staff get the compact list by default on long lists; the school marks what is transferable. */
  viewer?: { staff: boolean; schoolUuid: string | null };
}

const PAGE = 50;
/** Above this many courses, staff see the compact list unless they chose the cards. */
export const COMPACT_DEFAULT_ABOVE = 50;
export const VIEW_KEY = 'courseListView';
type View = 'list' | 'cards';

function storedView(): View | null {
  try {
    const v = localStorage.getItem(VIEW_KEY);
    return v === 'list' || v === 'cards' ? v : null;
  } catch {
    return null;
  }
}

interface Page {
  totalCount: number;
  endCursor?: string | null;
  hasNextPage: boolean;
  nodes: CourseCardFieldsFragment[];
}

export function CourseList({ kind, actions, version, viewer }: Props) {
  const t = useT();
  const [chosenView, setChosenView] = useState<View | null>(storedView);
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [requirement, setRequirement] = useState<RequirementChoice | null>(null);
  const [filterOpen, setFilterOpen] = useState(false);
  const variables = { search: search || null, requirement: requirement?.uuid ?? null, first: PAGE };
  const own = useQuery(CoursesDocument, { variables, skip: kind !== 'own', notifyOnNetworkStatusChange: true });
  const partner = useQuery(PartnerCoursesDocument, { variables, skip: kind !== 'partner', notifyOnNetworkStatusChange: true });
  const q = kind === 'own' ? own : partner;
  const page: Page | undefined = kind === 'own' ? own.data?.courses : partner.data?.partnerCourses;
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    if (q.error) console.error('Failed to load courses', q.error);
  }, [q.error]);
  useEffect(() => {
    if (version > 0) void q.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);

  function submit(e: FormEvent) {
    e.preventDefault();
    setSearch(draft.trim());
  }

  async function loadMore() {
    if (!page?.endCursor) return;
    setLoadingMore(true);
    try {
      if (kind === 'own') {
        await own.fetchMore({
          variables: { after: page.endCursor },
          updateQuery: (prev, { fetchMoreResult }) =>
            fetchMoreResult && prev.courses
              ? { courses: { ...fetchMoreResult.courses, nodes: [...prev.courses.nodes, ...fetchMoreResult.courses.nodes] } }
              : (prev as typeof fetchMoreResult),
        });
      } else {
        await partner.fetchMore({
          variables: { after: page.endCursor },
          updateQuery: (prev, { fetchMoreResult }) =>
            fetchMoreResult && prev.partnerCourses
              ? { partnerCourses: { ...fetchMoreResult.partnerCourses, nodes: [...prev.partnerCourses.nodes, ...fetchMoreResult.partnerCourses.nodes] } }
              : (prev as typeof fetchMoreResult),
        });
      }
    } catch (e) {
      console.error('Failed to load more courses', e);
    } finally {
      setLoadingMore(false);
    }
  }

  const loading = q.loading && !loadingMore;
  // The default follows the size of the whole list, not of a search's results.
  const listTotal = useRef(0);
  if (page && !search && !requirement) listTotal.current = page.totalCount;
  const view: View = chosenView ?? (viewer?.staff && listTotal.current > COMPACT_DEFAULT_ABOVE ? 'list' : 'cards');
  function choose(next: View) {
    setChosenView(next);
    try {
      localStorage.setItem(VIEW_KEY, next);
    } catch {
      // Storage unavailable (private mode): the choice lasts for this page.
    }
  }
  return (
    <div className="stack">
      <div className="course-toolbar">
        <form className="row" role="search" onSubmit={submit}>
          <label className="grow">
            <span className="sr-only">{t('courses.searchCourses')}</span>
            <input type="search" placeholder={t('courses.searchByCourseIdTitleOr')} value={draft} onChange={(e) => setDraft(e.target.value)} />
          </label>
          <button type="submit">{t('courses.search')}</button>
          <button type="button" className="secondary" onClick={() => setFilterOpen(true)}>
            {t('courses.filterByRequirement')}
          </button>
        </form>
        {actions && <div className="row">{actions}</div>}
      </div>
      <div className="view-switch" role="group" aria-label={t('courses.view')}>
        <button type="button" className={view === 'list' ? '' : 'secondary'} aria-pressed={view === 'list'} onClick={() => choose('list')}>
          {t('courses.viewList')}
        </button>
        <button type="button" className={view === 'cards' ? '' : 'secondary'} aria-pressed={view === 'cards'} onClick={() => choose('cards')}>
          {t('courses.viewCards')}
        </button>
      </div>
      {requirement && (
        <div className="filter-chip" role="status">
          <span>{t('courses.requirementLabel', { label: requirement.label })}</span>
          <button type="button" aria-label={t('courses.clearFilterLabel', { label: requirement.label })} onClick={() => setRequirement(null)}>
            ×
          </button>
        </div>
      )}
      {loading && <img src="/spinner.svg" alt={t('courses.loading')} className="spinner" />}
      {page && !loading && (
        <p className="muted" aria-live="polite">
          {t('courses.courseCount', { count: page.totalCount })}
        </p>
      )}
      {page && !loading && page.nodes.length === 0 && <p>{t('courses.noCoursesFound')}</p>}
      {page &&
        !loading &&
        page.nodes.length > 0 &&
        (view === 'list' ? (
          <CourseRows courses={page.nodes} schoolUuid={viewer?.schoolUuid ?? null} />
        ) : (
          <div className="course-list">
            {page.nodes.map((c) => (
              <CourseCard key={c.uuid} course={c} />
            ))}
          </div>
        ))}
      {page?.hasNextPage && !loading && (
        <button type="button" className="secondary" onClick={loadMore} disabled={loadingMore}>
          {loadingMore ? t('courses.loadingMore') : t('common.loadMore')}
        </button>
      )}
      {page && !loading && page.nodes.length > 0 && page.nodes.length < page.totalCount && (
        <p className="muted">{t('courses.shownOfTotal', { shown: page.nodes.length, total: page.totalCount })}</p>
      )}
      {filterOpen && (
        <FilterByRequirementDialog
          onClose={() => setFilterOpen(false)}
          onChoose={(choice) => {
            setRequirement(choice);
            setFilterOpen(false);
          }}
        />
      )}
    </div>
  );
}
