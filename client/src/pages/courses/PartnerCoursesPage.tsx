/**
 * /partner-courses: every course of the school's partner schools, used to make courses
 * transferable. Add Course shows for staff whose school has hs_full_access_enabled (the server
 * enforces the same rule on POST /api/courses/createcc/).
 */
import { useState } from 'react';
import { useSession } from '../../session/SessionProvider';
import { CourseFormDialog } from './CourseFormDialog';
import { CourseList } from './CourseList';

export default function PartnerCoursesPage() {
  const { user } = useSession();
  const canAdd = user?.userType === 2 && !!user.school?.hsFullAccessEnabled;
  const [adding, setAdding] = useState(false);
  const [version, setVersion] = useState(0);
  return (
    <main className="page stack">
      <h1>Partner Courses</h1>
      <p className="intro">
        This list shows all courses offered by your partner schools. Open a course to make it transferable to your school.
      </p>
      <CourseList kind="partner" version={version} actions={canAdd ? <button type="button" onClick={() => setAdding(true)}>Add Course</button> : undefined} />
      {adding && (
        <CourseFormDialog mode={{ kind: 'add-partner' }} onClose={() => setAdding(false)} onSaved={() => { setAdding(false); setVersion((v) => v + 1); }} />
      )}
    </main>
  );
}
