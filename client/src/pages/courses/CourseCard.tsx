/**
 * The course card of spec 2 §2, reused by every list: course_id and title, a checkmark when the
 * course is in the caller's plan, school, description, prerequisites, a table with one column per
 * relevant school (name and units; rows are the requirements fulfilled there as 'pathway:
 * requirement'), tag chips (name shown, colour from the tag key), a border in the school's colour.
 * Clicking it, or Enter on it, opens /course-page/{uuid}.
 */
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CourseCardFieldsFragment } from '../../graphql/generated';
import './CourseCard.css';
import { useChosenWhatIf, withWhatIf } from '../plan/what-if-address';
import { useT } from '../../i18n';
import { formatUnits } from '../../components/units';

interface Props {
  course: CourseCardFieldsFragment;
  /** false on the course page itself: the card is then not a link. */
  link?: boolean;
}

export function CourseCard({ course, link = true }: Props) {
  const t = useT();
  const navigate = useNavigate();
  // On a what-if plan's catalogue (?whatIf=12) the course page keeps working on that plan.
  const whatIf = useChosenWhatIf();
  const open = () => navigate(withWhatIf(`/course-page/${course.uuid}`, whatIf));
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      open();
    }
  };
  const columns = course.unitsInfo;
  const rows = Math.max(0, ...columns.map((c) => c.requirements.length));
  const linkProps = link ? { role: 'link' as const, tabIndex: 0, onClick: open, onKeyDown: onKey, 'aria-label': `${course.courseId} ${course.title}` } : {};
  return (
    <article className={`course-card${link ? ' clickable' : ''}`} style={{ borderColor: course.school.primaryColor }} data-course-id={course.courseId} {...linkProps}>
      <header className="course-card-head">
        <h3>
          <span className="course-code">{course.courseId}</span> {course.title}
        </h3>
        {course.isScheduled && (
          <span className="scheduled-check" title={t('components.inYourPlan')}>
            <span aria-hidden="true">✓</span>
            <span className="sr-only">{t('components.scheduledInYourPlan')}</span>
          </span>
        )}
      </header>
      <p className="course-school">{course.school.name}</p>
      {course.description && <p className="course-description">{course.description}</p>}
      {course.prerequisiteGroups.length > 0 && <p className="course-prereqs">{t('components.prerequisitesValue', { value: course.prerequisiteGroups.join('; ') })}</p>}
      <table className="course-schools">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.schoolUuid} scope="col" style={{ borderTopColor: c.primaryColor }}>
                {c.schoolName} {formatUnits(c.units)}
              </th>
            ))}
          </tr>
        </thead>
        {rows > 0 && (
          <tbody>
            {Array.from({ length: rows }, (_, i) => (
              <tr key={i}>
                {columns.map((c) => (
                  <td key={c.schoolUuid}>{c.requirements[i]?.label ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        )}
      </table>
      {course.formattedTags.length > 0 && (
        <ul className="tag-chips" aria-label={t('components.tags')}>
          {course.formattedTags.map((tag) => (
            <li key={tag.key} className="tag-chip" style={{ backgroundColor: tag.color }}>
              {tag.name}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
