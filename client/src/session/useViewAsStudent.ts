import { translate } from '../i18n/core';
import { useMutation } from '@apollo/client/react';
import { ViewAsStudentDocument } from '../graphql/generated';
import { beginViewAs, reloadTo } from './storage';

/** View as a student (admin or parent): swap tokens, go to /plan, reload (platform §4). */
export function useViewAsStudent(role: 'admin' | 'parent') {
  const [viewAs, { loading }] = useMutation(ViewAsStudentDocument);
  async function view(studentId: number) {
    try {
      const { data } = await viewAs({ variables: { studentId } });
      if (!data) throw new Error('No answer');
      beginViewAs(role, data.viewAsStudent.token);
      reloadTo('/plan');
    } catch (err) {
      console.error('View student failed', err);
      window.alert(translate('session.viewStudentFailed'));
    }
  }
  return { view, loading };
}
