/**
 * Course requests on the plan page (the server's course-requests area): while the school's window
 * for a school year to come is open, until when the courses planned for that year are the
 * student's requests; once it has closed, or the requests were kept earlier (an approved plan,
 * staff setting them), that they are kept and who changes them. A parent or staff member viewing
 * as the student reads it about the student, by name. Nothing before the window opens, without a
 * window, or when it could not be read (the plan works the same; the page reads it with the plan,
 * so the banner never pushes the grid down). The last day is the window's (a calendar day), written
 * the reader's way.
 */
import type { MyCourseRequestWindowQuery } from '../../graphql/generated';
import { useLocale, useT } from '../../i18n';
import { formatDay } from '../../i18n/formats';

/** A school year as people write it: "2027-2028" is "2027-28". */
export const shortSchoolYear = (year: string) => (/^\d{4}-\d{4}$/.test(year) ? `${year.slice(0, 4)}-${year.slice(7)}` : year);

interface Props {
  /** The student's window (null: none to show; undefined: not read). */
  window: MyCourseRequestWindowQuery['myCourseRequestWindow'] | undefined;
  /** A parent or staff member viewing as the student: the text names the student. */
  viewer: boolean;
  /** The student's first name. */
  name: string;
}

export function CourseRequestsBanner({ window: w, viewer, name }: Props) {
  const t = useT();
  const { locale } = useLocale();
  if (!w || (w.state !== 'open' && w.state !== 'closed' && !w.kept)) return null;
  const values = { year: shortSchoolYear(w.schoolYear), date: formatDay(w.closesOn, 'long', locale), name };
  const text =
    w.state === 'closed'
      ? t(viewer ? 'plan.requestsClosedViewer' : 'plan.requestsClosed', values)
      : w.kept
        ? t(viewer ? 'plan.requestsKeptViewer' : 'plan.requestsKept', values)
        : t(viewer ? 'plan.requestsOpenViewer' : 'plan.requestsOpen', values);
  return (
    <p className="alert plan-requests" role="note">
      {text}
    </p>
  );
}
