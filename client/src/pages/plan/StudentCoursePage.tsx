/**
 * The student course page (/course-page/{uuid}) of this branch: the course's code, title, school,
 * units, prerequisites and description, with the student's plan controls. The catalogue's course
 * page takes this route over when the areas are merged and renders StudentCourseControls itself.
 */
import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router-dom';
import { PlanCourseDocument } from '../../graphql/generated';
import { errorInfo } from '../../graphql/errors';
import { useSession } from '../../session/SessionProvider';
import { formatUnits } from './planMoves';
import { StudentCourseControls } from './StudentCourseControls';
import './plan.css';

export default function StudentCoursePage() {
  const { uuid = '' } = useParams();
  const { user } = useSession();
  const { data, loading, error } = useQuery(PlanCourseDocument, { variables: { uuid }, skip: !user });
  if (!user) return <main className="page"><p>Please sign in to see this course.</p></main>;
  if (loading && !data) return <main className="page"><p role="status">Loading...</p></main>;
  if (error || !data) {
    const missing = errorInfo(error).code === 'NOT_FOUND';
    return (
      <main className="page stack">
        <h1>Course</h1>
        <div className="alert alert-danger" role="alert">{missing ? 'Course not found.' : 'The course could not be loaded. Please try again.'}</div>
        <Link to="/plan">Back to the plan</Link>
      </main>
    );
  }
  const c = data.planCourse;
  return (
    <main className="page stack">
      <article className="card stack" style={{ borderLeft: `6px solid ${c.school?.primaryColor ?? 'var(--brand)'}` }}>
        <h1>{c.courseId} {c.title}</h1>
        <p className="muted">{c.school?.name} · {formatUnits(c.units)} units</p>
        {c.prerequisiteGroups.length > 0 && <p>Prerequisites: {c.prerequisiteGroups.join('; ')}</p>}
        {c.description && <p>{c.description}</p>}
        {user.userType !== 2 && <StudentCourseControls courseUuid={c.uuid} />}
      </article>
      <Link to="/plan">Back to the plan</Link>
    </main>
  );
}
