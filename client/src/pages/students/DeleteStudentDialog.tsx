/**
 * Student data deletion from the students list: a confirmation dialog, then deleteStudent; the
 * list is fetched again and the page says what happened. The server keeps an access-log row.
 */
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import { DeleteStudentDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { useT } from '../../i18n';

interface Props {
  student: { id: number; name: string };
  onClose(): void;
  onDeleted(message: string): void;
}

export function DeleteStudentDialog({ student, onClose, onDeleted }: Props) {
  const t = useT();
  const [error, setError] = useState('');
  const [remove, { loading }] = useMutation(DeleteStudentDocument, { refetchQueries: ['Students'], awaitRefetchQueries: true });

  async function confirm() {
    setError('');
    try {
      await remove({ variables: { id: student.id } });
      onDeleted(t('trust.deleted', { name: student.name }));
    } catch (err) {
      console.error('Student was not deleted', err);
      setError(messageOr(err, t('accounts.signUpOtherError')));
    }
  }

  return (
    <AccessibleDialog title={t('trust.deleteStudentTitle')} onClose={onClose}>
      <p>{t('trust.deleteConfirm', { name: student.name })}</p>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      <div className="row" style={{ justifyContent: 'flex-end' }}>
        <button type="button" className="secondary" onClick={onClose} disabled={loading}>
          {t('common.cancel')}
        </button>
        <button type="button" className="danger" onClick={confirm} disabled={loading}>
          {loading ? t('trust.deleting') : t('trust.delete')}
        </button>
      </div>
    </AccessibleDialog>
  );
}
