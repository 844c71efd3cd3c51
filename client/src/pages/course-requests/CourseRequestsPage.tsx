/**
 * Course requests (/course-requests, staff): the school's request window for next year, the export
 * for the student information system in a chosen layout, and the course demand a counselor and an
 * assistant principal build the master schedule from: per course the students who requested it, by
 * grade, and the sections at the school's class size. Every number is a button that lists the
 * students behind it. The server decides who may see any of it; its reasons are shown as sent.
 */
import { useLazyQuery, useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  CourseDemandDocument,
  CourseDemandStudentsDocument,
  CourseRequestColumnsDocument,
  CourseRequestWindowDocument,
  SetCourseDemandClassSizeDocument,
  SetCourseRequestColumnsDocument,
} from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { restBlob, saveBlob } from '../../api/rest';
import { useT, type MessageKey } from '../../i18n';
import { CourseRequestsCard } from '../profile/CourseRequestsCard';
import '../../components/tables.css';
import { SaveNoticeLine, type SaveNotice } from '../../components/SaveNotice';

const LAYOUTS: [string, MessageKey][] = [
  ['generic', 'courseRequests.layoutGeneric'],
  ['powerschool', 'courseRequests.layoutPowerschool'],
  ['aeries', 'courseRequests.layoutAeries'],
  ['infinite-campus', 'courseRequests.layoutInfiniteCampus'],
  ['school', 'courseRequests.layoutSchool'],
];

/** The columns as staff type them, "field:Header, field:Header"; the server checks every pair. */
export const columnsText = (columns: readonly { field: string; header: string }[] | null | undefined) => (columns ?? []).map((c) => `${c.field}:${c.header}`).join(', ');
const columnsOf = (text: string) =>
  text.trim() === ''
    ? null
    : text.split(',').map((pair) => {
        const at = pair.indexOf(':');
        return at < 0 ? { field: pair.trim(), header: '' } : { field: pair.slice(0, at).trim(), header: pair.slice(at + 1).trim() };
      });

/** The number a staff member clicked: a course, and a grade ("" none recorded), all grades (null) or its alternates. */
interface Picked {
  courseId: number;
  course: string;
  grade: string | null;
  alternates: boolean;
}

export default function CourseRequestsPage() {
  const t = useT();
  // A changed window (another year, other days) is another demand: the table is read afresh.
  const w = useQuery(CourseRequestWindowDocument).data?.courseRequestWindow;
  const windowKey = w ? `${w.schoolYear} ${w.opensOn} ${w.closesOn}` : 'none';
  return (
    <main className="page stack">
      <h1>{t('courseRequests.pageTitle')}</h1>
      <p className="muted">{t('courseRequests.pageIntro')}</p>
      <CourseRequestsCard />
      <ExportCard />
      <DemandCard key={windowKey} />
    </main>
  );
}

function ExportCard() {
  const t = useT();
  const id = useId();
  const [layout, setLayout] = useState('generic');
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setError(null);
    try {
      const { blob, headers } = await restBlob(`/api/course-requests/export/?layout=${encodeURIComponent(layout)}`);
      const name = /filename="([^"]+)"/.exec(headers.get('Content-Disposition') ?? '')?.[1] ?? `course-requests-${layout}.csv`;
      saveBlob(blob, name);
    } catch (err) {
      setError(messageOr(err, t('courseRequests.exportFailed')));
    }
  }
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('courseRequests.exportTitle')}</h2>
      <div className="row" style={{ flexWrap: 'wrap', alignItems: 'flex-end' }}>
        <div className="stack">
          <label htmlFor={`${id}-layout`}>{t('courseRequests.layout')}</label>
          <select id={`${id}-layout`} value={layout} onChange={(e) => setLayout(e.target.value)}>
            {LAYOUTS.map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn" onClick={() => void download()}>
          {t('courseRequests.downloadLayout')}
        </button>
      </div>
      <p className="muted">{t('courseRequests.layoutNote')}</p>
      {error && (
        <p role="alert" className="alert alert-danger">
          {error}
        </p>
      )}
      <SchoolColumns />
    </section>
  );
}

/** The school's own export columns (a school setting), the ones the "school" layout writes. */
function SchoolColumns() {
  const t = useT();
  const id = useId();
  const { data } = useQuery(CourseRequestColumnsDocument, { fetchPolicy: 'network-only' });
  const [save, { loading: saving }] = useMutation(SetCourseRequestColumnsDocument);
  const saved = data?.courseRequestColumns;
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<SaveNotice | null>(null);
  useEffect(() => {
    if (saved !== undefined) setText(columnsText(saved));
  }, [saved]);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    try {
      const r = await save({ variables: { columns: columnsOf(text) } });
      const now = r.data?.setCourseRequestColumns ?? null;
      setText(columnsText(now));
      setNotice({ ok: true, text: t(now ? 'courseRequests.columnsSaved' : 'courseRequests.columnsCleared') });
    } catch (err) {
      setNotice({ ok: false, text: messageOr(err, t('courseRequests.columnsFailed')) });
    }
  }
  return (
    <form className="stack" onSubmit={(e) => void submit(e)}>
      <label htmlFor={`${id}-columns`}>{t('courseRequests.columnsTitle')}</label>
      <input
        id={`${id}-columns`}
        type="text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${id}-help`}
        spellCheck={false}
        autoComplete="off"
      />
      <p id={`${id}-help`} className="muted">
        {t('courseRequests.columnsHelp')}
      </p>
      <div className="row">
        <button type="submit" className="btn" disabled={saving}>
          {t('courseRequests.saveColumns')}
        </button>
      </div>
      <SaveNoticeLine notice={notice} />
    </form>
  );
}

function DemandCard() {
  const t = useT();
  const id = useId();
  const { data, loading, error } = useQuery(CourseDemandDocument, { variables: { schoolYear: null }, fetchPolicy: 'network-only' });
  const [saveSize, { loading: saving }] = useMutation(SetCourseDemandClassSizeDocument, { refetchQueries: [CourseDemandDocument] });
  const [loadStudents, students] = useLazyQuery(CourseDemandStudentsDocument, { fetchPolicy: 'network-only' });
  const demand = data?.courseDemand ?? null;
  const [size, setSize] = useState('');
  const [notice, setNotice] = useState<SaveNotice | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  useEffect(() => {
    if (demand) setSize(String(demand.classSize));
  }, [demand]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    try {
      await saveSize({ variables: { classSize: Number(size) } });
      setNotice({ ok: true, text: t('courseRequests.classSizeSaved') });
    } catch (err) {
      setNotice({ ok: false, text: messageOr(err, t('courseRequests.classSizeFailed')) });
    }
  }
  async function downloadCsv() {
    setNotice(null);
    try {
      const { blob } = await restBlob(`/api/course-requests/demand/export/`);
      saveBlob(blob, `course-demand-${demand?.schoolYear ?? ''}.csv`);
    } catch (err) {
      setNotice({ ok: false, text: messageOr(err, t('courseRequests.exportFailed')) });
    }
  }
  function pick(p: Picked) {
    setPicked(p);
    void loadStudents({ variables: { schoolYear: demand?.schoolYear ?? null, courseId: p.courseId, grade: p.grade, alternates: p.alternates } });
  }

  const gradeLabel = (g: string) => (g === '' ? t('courseRequests.demandNoGrade') : t('courseRequests.demandGrade', { grade: g }));
  const numberButton = (count: number, p: Picked) =>
    count === 0 ? (
      <span className="muted">0</span>
    ) : (
      <button type="button" className="link" aria-label={`${t('courseRequests.showStudents')}: ${count}`} onClick={() => pick(p)}>
        {count}
      </button>
    );
  const list = students.loading ? undefined : students.data?.courseDemandStudents;
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('courseRequests.demandTitle')}</h2>
      {error && (
        <p role="alert" className="alert alert-danger">
          {messageOr(error, t('courseRequests.demandFailed'))}
        </p>
      )}
      {loading && !demand && <p role="status">{t('common.loading')}</p>}
      {demand && (
        <>
          <p className="muted">{t('courseRequests.demandYear', { year: demand.schoolYear, size: demand.classSize })}</p>
          <form className="row" style={{ flexWrap: 'wrap', alignItems: 'flex-end' }} onSubmit={(e) => void submit(e)}>
            <div className="stack">
              <label htmlFor={`${id}-size`}>{t('courseRequests.classSize')}</label>
              <input id={`${id}-size`} type="number" min={1} max={200} required value={size} onChange={(e) => setSize(e.target.value)} />
            </div>
            <button type="submit" className="btn" disabled={saving}>
              {t('courseRequests.saveClassSize')}
            </button>
            <button type="button" className="btn" onClick={() => void downloadCsv()}>
              {t('courseRequests.demandDownload')}
            </button>
          </form>
          {demand.courses.length === 0 ? (
            <p className="muted">{t('courseRequests.demandEmpty')}</p>
          ) : (
            <div className="table-fit">
              <table className="data cards" aria-labelledby={`${id}-title`}>
                <thead>
                  <tr>
                    <th>{t('courseRequests.demandCourse')}</th>
                    <th>{t('courseRequests.demandCourseTitle')}</th>
                    <th>{t('courseRequests.demandRequested')}</th>
                    {demand.grades.map((g) => (
                      <th key={g}>{gradeLabel(g)}</th>
                    ))}
                    <th>{t('courseRequests.demandAlternates')}</th>
                    <th>{t('courseRequests.demandSections')}</th>
                  </tr>
                </thead>
                <tbody>
                  {demand.courses.map((c) => {
                    const byGrade = new Map(c.byGrade.map((g) => [g.grade, g.count]));
                    const course = `${c.courseCode} ${c.title}`;
                    return (
                      <tr key={c.courseId}>
                        <td data-label={t('courseRequests.demandCourse')} className="cell-break">
                          {c.courseCode}
                        </td>
                        <td data-label={t('courseRequests.demandCourseTitle')} className="cell-break">
                          {c.title}
                        </td>
                        <td data-label={t('courseRequests.demandRequested')}>
                          {numberButton(c.requested, { courseId: c.courseId, course, grade: null, alternates: false })}
                        </td>
                        {demand.grades.map((g) => (
                          <td key={g} data-label={gradeLabel(g)}>
                            {numberButton(byGrade.get(g) ?? 0, { courseId: c.courseId, course, grade: g, alternates: false })}
                          </td>
                        ))}
                        <td data-label={t('courseRequests.demandAlternates')}>
                          {numberButton(c.alternates, { courseId: c.courseId, course, grade: null, alternates: true })}
                        </td>
                        <td data-label={t('courseRequests.demandSections')}>{c.sections}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      <SaveNoticeLine notice={notice} />
      {picked && (
        <div className="stack" role="region" aria-labelledby={`${id}-students`}>
          <div className="row" style={{ justifyContent: 'space-between' }}>
            <h3 id={`${id}-students`}>
              {t('courseRequests.studentsOf', {
                course: picked.course,
                which: picked.alternates ? t('courseRequests.whichAlternates') : picked.grade === null ? t('courseRequests.whichAll') : gradeLabel(picked.grade),
                count: list?.length ?? 0,
              })}
            </h3>
            <button type="button" className="secondary" onClick={() => setPicked(null)}>
              {t('courseRequests.closeStudents')}
            </button>
          </div>
          {students.error && (
            <p role="alert" className="alert alert-danger">
              {messageOr(students.error, t('courseRequests.demandFailed'))}
            </p>
          )}
          {students.loading && <p role="status">{t('common.loading')}</p>}
          {list && (
            <table className="data cards">
              <thead>
                <tr>
                  <th>{t('courseRequests.studentName')}</th>
                  <th>{t('courseRequests.studentId')}</th>
                  <th>{t('courseRequests.studentGrade')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((s) => (
                  <tr key={s.studentId}>
                    <td data-label={t('courseRequests.studentName')} className="cell-break">
                      {s.name}
                    </td>
                    <td data-label={t('courseRequests.studentId')} className="cell-break">
                      {s.rosteredId}
                    </td>
                    <td data-label={t('courseRequests.studentGrade')}>{s.grade}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </section>
  );
}
