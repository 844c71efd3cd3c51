/**
 * Applications (/parent-applications, admissions §2): the parent's single application with its
 * status text, the 'Action Required' banners and the action for its status.
 */
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { MyApplicationDocument, PaymentsDueDocument } from '../../graphql/generated';
import { useSession } from '../../session/SessionProvider';
import { useT } from '../../i18n';

export function statusText(status: string | null | undefined): string {
  if (status === 'complete') {
    return 'Your application has been submitted for review. You will receive an email about acceptance within 2-3 business days of submitting.';
  }
  if (status === 'enrolled') return 'Your student is successfully enrolled in Dual School!';
  return status || 'N/A';
}

export default function ParentApplicationsPage() {
  const t = useT();
  const { user } = useSession();
  const { data, error } = useQuery(MyApplicationDocument, { fetchPolicy: 'network-only' });
  if (error) console.error('Failed to load the application', error);
  const app = error ? null : (data?.application ?? null);
  const status = app?.applicationStatus ?? null;
  const step1 = app?.formData.find((r) => r.step === 1)?.data as Record<string, unknown> | undefined;
  const studentName = typeof step1?.studentFullName === 'string' && step1.studentFullName.trim() ? step1.studentFullName : '';
  const name = studentName || (user ? `${user.firstName} ${user.lastName}`.trim() : '');
  // An enrolled family with tuition due and no monthly plan is asked to pay; a failed load shows no banner (spec §8).
  const due = useQuery(PaymentsDueDocument, { skip: status !== 'enrolled', fetchPolicy: 'network-only' });
  if (due.error) console.error('Failed to load the payments due', due.error);
  const payments = due.error ? [] : (due.data?.paymentsDue ?? []);
  const paymentAction = status === 'enrolled' && payments.length > 0 && !payments.some((p) => p.paymentType === 'monthly');

  return (
    <main className="page stack">
      <h1>{t('application.applications')}</h1>
      {status === 'accepted' && (
        <div className="alert alert-success" role="status">
          <span>
            <strong>{t('application.actionRequired')}</strong> {t('application.pleaseSignTheEnrollmentContractFor', { year: app?.schoolYear ?? '' })}
          </span>
        </div>
      )}
      {paymentAction && (
        <div className="alert alert-danger" role="status">
          <span>
            <strong>{t('application.actionRequired')}</strong> {t('application.pleasePayTuitionBeforeTheSchool')}
          </span>
        </div>
      )}
      {app && (
        <table className="data">
          <thead>
            <tr>
              <th>{t('application.name')}</th>
              <th>{t('application.applicationStatus')}</th>
              <th>{t('common.action')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{name}</td>
              <td>{statusText(status)}</td>
              <td>
                {status === 'accepted' ? (
                  <Link className="button" to="/enrollment-contract">
                    {t('application.signEnrollmentContract')}
                  </Link>
                ) : status === 'enrolled' ? (
                  paymentAction ? (
                    <Link className="button" to="/parent-payments">
                      {t('application.makeTuitionPayment')}
                    </Link>
                  ) : (
                    <span>{t('application.noActionRequired')}</span>
                  )
                ) : (
                  <Link className="button secondary" to="/application-summary">
                    {t('application.viewApplication')}
                  </Link>
                )}
              </td>
            </tr>
          </tbody>
        </table>
      )}
    </main>
  );
}
