/**
 * /partner-courses: every course of the school's partner schools, used to make courses
 * transferable. Add Course shows for staff whose school has hs_full_access_enabled (the server
 * enforces the same rule on POST /api/courses/createcc/).
 */
import { useState } from 'react';
import { useSession } from '../../session/SessionProvider';
import { CourseFormDialog } from './CourseFormDialog';
import { CourseList } from './CourseList';
import { useT } from '../../i18n';

export default function PartnerCoursesPage() {
  const t = useT();
  const { user } = useSession();
  const canAdd = user?.userType === 'Staff' && !!user.school?.hsFullAccessEnabled;
  const [adding, setAdding] = useState(false);
  const [version, setVersion] = useState(0);
  return (
    <main className="page stack wide">
      <h1>{t('courses.partnerCourses')}</h1>
      <p className="intro">{t('courses.thisListShowsAllCoursesOffered')}</p>
      <CourseList
        kind="partner"
        version={version}
        viewer={{ staff: user?.userType === 'Staff', schoolUuid: user?.school?.uuid ?? null }}
        actions={
          canAdd ? (
            <button type="button" onClick={() => setAdding(true)}>
              {t('courses.addCourse')}
            </button>
          ) : undefined
        }
      />
      {adding && (
        <CourseFormDialog
          mode={{ kind: 'add-partner' }}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            setVersion((v) => v + 1);
          }}
        />
      )}
    </main>
  );
}
