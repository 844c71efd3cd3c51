/**
 * The course page: /course-page/{uuid} (also /courses/{id} with the numeric id or the uuid). Everyone sees the
 * course card's details; staff (user_type 2) also get Edit Course Details (when the server says they
 * may edit it: own school's course, or hs_full_access_enabled), Accept or Remove Transferability for
 * another school's course (the transferability check decides which), Delete course, and the
 * pathways area's course-fulfilment controls; students get the plan area's StudentCourseControls.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CourseCard } from './CourseCard';
import { CourseFulfillmentControls } from './CourseFulfillmentControls';
import { StudentCourseControls } from '../plan/StudentCourseControls';
import { CourseDocument, DeleteCourseDocument, IsTransferableDocument, RemoveTransferabilityDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { useSession } from '../../session/SessionProvider';
import { AcceptTransferabilityDialog } from './AcceptTransferabilityDialog';
import { CourseFormDialog } from './CourseFormDialog';
import './courses.css';
import { useT } from '../../i18n';

/**
 * The course query's variables for /course-page/{uuid} or /courses/{id}: {id} is the course's
 * number or its uuid, as the server's course ids are; anything else goes to the server as given,
 * which refuses it (the page then says the course was not found).
 */
export function courseVariables(uuid: string | undefined, id: string | undefined): { uuid: string } | { id: number } {
  if (uuid) return { uuid };
  return id !== undefined && /^\d{1,10}$/.test(id) ? { id: Number(id) } : { uuid: id ?? '' };
}

export default function CoursePage() {
  const t = useT();
  const { uuid, id } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const staff = user?.userType === 'Staff';
  const { data, loading, error, refetch } = useQuery(CourseDocument, {
    variables: courseVariables(uuid, id),
    fetchPolicy: 'cache-and-network',
  });
  const course = data?.course;
  const otherSchool = !!course && !!user?.school && course.school.uuid !== user.school.uuid;
  const transfer = useQuery(IsTransferableDocument, {
    variables: { courseUuid: course?.uuid ?? '', schoolUuid: user?.school?.uuid ?? null },
    skip: !staff || !otherSchool,
    fetchPolicy: 'network-only',
  });
  const [removeTransfer, removeState] = useMutation(RemoveTransferabilityDocument);
  const [deleteCourse, deleteState] = useMutation(DeleteCourseDocument);
  const [dialog, setDialog] = useState<'edit' | 'accept' | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);

  if (loading && !course)
    return (
      <main className="page">
        <img src="/spinner.svg" alt={t('courses.loading')} className="spinner" />
      </main>
    );
  if (!course) {
    if (error) console.error('Failed to load the course', error);
    return (
      <main className="page">
        <h1>{t('courses.courseNotFound')}</h1>
        <p>{t('courses.thisCourseDoesNotExistOr')}</p>
      </main>
    );
  }

  async function remove() {
    if (!course || !window.confirm(t('courses.confirmRemoveTransferability'))) return;
    setNotice(null);
    try {
      await removeTransfer({ variables: { courseUuid: course.uuid } });
      setNotice({ kind: 'success', text: t('courses.transferabilityRemovedSuccessfully') });
      await Promise.all([transfer.refetch(), refetch()]);
    } catch (e) {
      console.error('Failed to remove transferability', e);
      setNotice({ kind: 'danger', text: t('courses.failedToRemoveTransferability') });
    }
  }

  async function destroy() {
    if (!course || !window.confirm(t('courses.confirmDeleteCourse'))) return;
    setNotice(null);
    try {
      await deleteCourse({ variables: { uuid: course.uuid } });
      navigate('/courses');
    } catch (e) {
      console.error('Failed to delete the course', e);
      setNotice({ kind: 'danger', text: messageOr(e, t('courses.failedToDeleteTheCourse')) });
    }
  }

  const transferable = transfer.data?.isTransferable;
  return (
    <main className="page stack course-page">
      <h1>
        {course.courseId} {course.title}
      </h1>
      {notice && (
        <div className={`alert alert-${notice.kind}`} role={notice.kind === 'danger' ? 'alert' : 'status'}>
          <span>{notice.text}</span>
          <button type="button" aria-label={t('common.dismiss')} onClick={() => setNotice(null)}>
            ×
          </button>
        </div>
      )}
      <CourseCard course={course} link={false} />
      {staff && (
        <div className="row course-actions">
          {course.canEdit && (
            <button type="button" onClick={() => setDialog('edit')}>
              {t('courses.editCourseDetails')}
            </button>
          )}
          {otherSchool && transferable === false && (
            <button type="button" onClick={() => setDialog('accept')}>
              {t('courses.acceptTransferability')}
            </button>
          )}
          {otherSchool && transferable === true && (
            <button type="button" className="secondary" onClick={remove} disabled={removeState.loading}>
              {t('courses.removeTransferability')}
            </button>
          )}
          {course.canEdit && (
            <button type="button" className="danger" onClick={destroy} disabled={deleteState.loading}>
              {t('courses.deleteCourse')}
            </button>
          )}
        </div>
      )}
      {staff && <CourseFulfillmentControls courseUuid={course.uuid} courseId={course.id} />}
      {/* Students (and a parent viewing as one) get the plan area's controls; they hide themselves while a parent views. */}
      {!staff && <StudentCourseControls courseUuid={course.uuid} />}
      {dialog === 'edit' && (
        <CourseFormDialog
          mode={{ kind: 'edit', course }}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void refetch();
          }}
        />
      )}
      {dialog === 'accept' && (
        <AcceptTransferabilityDialog
          courseUuid={course.uuid}
          units={course.units}
          onClose={() => setDialog(null)}
          onAccepted={() => {
            setDialog(null);
            setNotice({ kind: 'success', text: t('courses.transferabilityAccepted') });
            void transfer.refetch();
            void refetch();
          }}
        />
      )}
    </main>
  );
}
