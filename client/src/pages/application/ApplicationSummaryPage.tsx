/** Application Summary (/application-summary, admissions §2): the saved application, section by section. */
import { useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { ApplicationSections } from '../../components/ApplicationSections';
import { MyApplicationDocument } from '../../graphql/generated';
import { useT } from '../../i18n';

export default function ApplicationSummaryPage() {
  const t = useT();
  const navigate = useNavigate();
  const { data, loading, error } = useQuery(MyApplicationDocument, { fetchPolicy: 'network-only' });
  if (error) console.error('Failed to load the application', error);
  const formData = error ? [] : (data?.application.formData ?? []);
  return (
    <main className="page stack">
      <h1>{t('application.applicationSummary')}</h1>
      {loading && !data && !error ? (
        <p role="status">{t('common.loading')}</p>
      ) : formData.length === 0 ? (
        <p>{t('application.noApplicationDataFound')}</p>
      ) : (
        <ApplicationSections formData={formData} />
      )}
      <div>
        <button type="button" className="secondary" onClick={() => navigate('/parent-applications')}>
          {t('common.back')}
        </button>
      </div>
    </main>
  );
}
