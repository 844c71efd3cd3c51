/**
 * The compact course list: one line per course (course id linking to its page, title, units,
 * school, how many requirements it fulfils, a mark when it is transferable), for catalogues too long
 * to read as cards. "Transferable" means, for a course of the viewer's school, that another school
 * accepted it; for another school's course, that the viewer's school accepted it.
 */
import { Link } from 'react-router-dom';
import type { CourseCardFieldsFragment } from '../../graphql/generated';
import { unitNumber } from '../../components/units';
import { useT } from '../../i18n';
import { useChosenWhatIf, withWhatIf } from '../plan/what-if-address';

interface Props {
  courses: CourseCardFieldsFragment[];
  /** The viewer's school (null: any school's acceptance counts). */
  schoolUuid: string | null;
}

export function isTransferable(course: CourseCardFieldsFragment, schoolUuid: string | null): boolean {
  const accepted = course.unitsInfo.filter((c) => c.transferable);
  if (!schoolUuid || course.school.uuid === schoolUuid) return accepted.length > 0;
  return accepted.some((c) => c.schoolUuid === schoolUuid);
}

export const requirementCount = (course: CourseCardFieldsFragment) => course.unitsInfo.reduce((n, c) => n + c.requirements.length, 0);

export function CourseRows({ courses, schoolUuid }: Props) {
  const whatIf = useChosenWhatIf();
  const t = useT();
  return (
    <div className="course-rows-wrap">
      <table className="data course-rows">
        <caption className="sr-only">{t('courses.compactListCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('courses.courseIdColumn')}</th>
            <th scope="col">{t('common.title')}</th>
            <th scope="col" className="num">
              {t('courses.unitsColumn')}
            </th>
            <th scope="col">{t('courses.schoolColumn')}</th>
            <th scope="col" className="num">
              {t('courses.requirementsColumn')}
            </th>
            <th scope="col">{t('courses.transferableColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {courses.map((c) => {
            const transferable = isTransferable(c, schoolUuid);
            return (
              <tr key={c.uuid} data-course-id={c.courseId}>
                <th scope="row">
                  <Link to={withWhatIf(`/course-page/${c.uuid}`, whatIf)}>{c.courseId}</Link>
                </th>
                <td className="course-title" title={c.title}>
                  {c.title}
                </td>
                <td className="num">{unitNumber(c.units)}</td>
                <td>{c.school.name}</td>
                <td className="num">{requirementCount(c)}</td>
                <td>
                  {transferable ? (
                    <>
                      <span aria-hidden="true" className="transferable-mark">
                        ✓
                      </span>
                      <span className="sr-only">{t('courses.transferableYes')}</span>
                    </>
                  ) : (
                    <span className="sr-only">{t('courses.transferableNo')}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
