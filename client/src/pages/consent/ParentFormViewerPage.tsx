/** /parent-form-viewer/{parent_code} — staff read a student's current consent form PDF (1000 px high). */
import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PdfFrame } from './PdfFrame';
import { ParentFormViewerDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { consentStateLabel } from '../students/studentStatusLabels';
import { fetchPdf } from './consentFlow';
import { useT } from '../../i18n';

export default function ParentFormViewerPage() {
  const t = useT();
  const { code = '' } = useParams();
  const { data, error, loading } = useQuery(ParentFormViewerDocument, { variables: { parentCode: code }, fetchPolicy: 'network-only' });
  const [bytes, setBytes] = useState<Uint8Array | null>(null);
  const form = data?.parentFormViewer;

  useEffect(() => {
    if (!form) return;
    let live = true;
    fetchPdf(form.pdf)
      .then((b) => live && setBytes(b))
      .catch((e) => console.error('Failed to load the consent form PDF', e));
    return () => {
      live = false;
    };
  }, [form]);

  return (
    <main className="page">
      <section className="card stack">
        <h1>
          {t('consent.parentConsentForm')}
          {form ? `: ${form.student.firstName} ${form.student.lastName}` : ''}
        </h1>
        {loading && <p role="status">{t('common.loading')}</p>}
        {error && (
          <div className="alert alert-danger" role="alert">
            {messageOr(error, t('consent.theFormCouldNotBeLoaded'))}
          </div>
        )}
        {form && (
          <>
            <p>
              {t('consent.status')} <strong>{consentStateLabel(t, form.state)}</strong>
            </p>
            {form.guardianPhoneChangedAfterSent && (
              <div className="alert alert-danger" role="alert">
                {t('consent.phoneChangedAfterSent')}
              </div>
            )}
            {form.guardianPhoneShared && (
              <div className="alert alert-danger" role="alert">
                {t('consent.phoneSharedWithAnotherFamily')}
              </div>
            )}
            <PdfFrame bytes={bytes} title={t('consent.parentConsentFormDocument')} height={1000} />
          </>
        )}
      </section>
    </main>
  );
}
