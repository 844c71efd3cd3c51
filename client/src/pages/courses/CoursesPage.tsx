/** /courses: My Courses (staff, with Add Course and Upload Courses CSV) or Explore Courses (everyone else). */
import { useState } from 'react';
import { useSession } from '../../session/SessionProvider';
import { CourseFormDialog } from './CourseFormDialog';
import { CourseList } from './CourseList';
import { UploadCoursesCsvDialog } from './UploadCoursesCsvDialog';
import { useT } from '../../i18n';
import { Link } from 'react-router-dom';
import { useChosenWhatIf, withWhatIf } from '../plan/what-if-address';

export default function CoursesPage() {
  const t = useT();
  const { user } = useSession();
  const staff = user?.userType === 'Staff';
  const [dialog, setDialog] = useState<'add' | 'upload' | null>(null);
  const [version, setVersion] = useState(0);
  const refresh = () => setVersion((v) => v + 1);
  // Opened from a what-if plan: the courses a student adds go to that plan.
  const chosen = useChosenWhatIf();
  const whatIf = user?.userType === 'Student' ? chosen : null;
  return (
    <main className="page stack">
      <h1>{staff ? t('courses.myCourses') : t('courses.exploreCourses')}</h1>
      {whatIf && (
        <p className="muted">
          {t('whatIf.addingCourses')} <Link to={withWhatIf('/plan', whatIf)}>{t('whatIf.backToPlan')}</Link>
        </p>
      )}
      {!staff && <p className="intro">{t('courses.thisListIncludesCommunityCollegeAnd')}</p>}
      <CourseList
        kind="own"
        version={version}
        viewer={{ staff, schoolUuid: user?.school?.uuid ?? null }}
        actions={
          staff ? (
            <>
              <button type="button" onClick={() => setDialog('add')}>
                {t('courses.addCourse')}
              </button>
              <button type="button" className="secondary" onClick={() => setDialog('upload')}>
                {t('courses.uploadCoursesCsv')}
              </button>
            </>
          ) : undefined
        }
      />
      {dialog === 'add' && (
        <CourseFormDialog
          mode={{ kind: 'add' }}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}
      {dialog === 'upload' && <UploadCoursesCsvDialog onClose={() => setDialog(null)} onUploaded={refresh} />}
    </main>
  );
}
