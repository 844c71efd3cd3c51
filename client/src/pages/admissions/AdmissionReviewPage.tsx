/**
 * One application for Dual School staff (/admissions/:id): the summary, the transcripts (downloaded
 * with the staff member's token), and the decision: accept a complete application, or decline it
 * with a reason. The server emails the parent either way.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { restBlob, saveBlob } from '../../api/rest';
import { ApplicationSections } from '../../components/ApplicationSections';
import { AdmissionApplicationDocument, DecideApplicationDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { formatDate } from '../../i18n/formats';
import { useT } from '../../i18n';
import { applicationStatusLabel } from '../../components/applicationStatus';

async function download(url: string, fileName: string): Promise<void> {
  const { blob } = await restBlob(url);
  saveBlob(blob, fileName, 1000);
}

export default function AdmissionReviewPage() {
  const t = useT();
  const id = Number(useParams().id);
  const { data, loading, error } = useQuery(AdmissionApplicationDocument, { variables: { id }, skip: !Number.isInteger(id), fetchPolicy: 'network-only' });
  const [decide, deciding] = useMutation(DecideApplicationDocument, { refetchQueries: [AdmissionApplicationDocument] });
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const app = data?.admissionApplication;

  async function send(decision: 'accepted' | 'declined', e?: FormEvent) {
    e?.preventDefault();
    setMessage(null);
    try {
      await decide({ variables: { id, decision, reason: reason.trim() || null } });
      setMessage({ ok: true, text: decision === 'accepted' ? t('admissions.applicationAcceptedTheParentHasBeen') : t('admissions.applicationDeclinedTheParentHasBeen') });
      setReason('');
    } catch (err) {
      setMessage({ ok: false, text: messageOr(err, t('admissions.theDecisionCouldNotBeSaved')) });
    }
  }

  async function get(url: string, name: string) {
    try {
      await download(url, name);
    } catch (err) {
      console.error(err);
      window.alert(t('admissions.failedToDownloadName', { name }));
    }
  }

  const step1 = app?.formData.find((r) => r.step === 1)?.data as Record<string, unknown> | undefined;
  const student = typeof step1?.studentFullName === 'string' && step1.studentFullName ? step1.studentFullName : 'Application';

  return (
    <main className="page stack">
      <p>
        <Link to="/admissions">{t('admissions.backToAdmissions')}</Link>
      </p>
      {error && (
        <div className="alert alert-danger" role="alert">
          {messageOr(error, t('admissions.theApplicationCouldNotBeLoaded'))}
        </div>
      )}
      {loading && !data && <p role="status">{t('common.loading')}</p>}
      {app && (
        <>
          <h1>{student}</h1>
          <div className="card stack">
            <p>
              {t('admissions.parent')} {app.parent ? `${app.parent.firstName} ${app.parent.lastName} (${app.parent.email})` : 'N/A'}
            </p>
            <p>
              {t('admissions.status')} <strong data-testid="application-status">{applicationStatusLabel(t, app.applicationStatus)}</strong>
            </p>
            <p>
              {t('admissions.submitted')} {formatDate(app.submittedAt) || t('admissions.notYet')}
            </p>
            {app.decidedAt && (
              <p>
                {t('admissions.decided')} {formatDate(app.decidedAt)}
                {app.decisionReason ? ` (${app.decisionReason})` : ''}
              </p>
            )}
          </div>
          {message && (
            <div className={`alert ${message.ok ? 'alert-success' : 'alert-danger'}`} role={message.ok ? 'status' : 'alert'}>
              {message.text}
            </div>
          )}
          {app.applicationStatus === 'complete' && (
            <section className="card stack" aria-labelledby="decision-title">
              <h2 id="decision-title">{t('admissions.decision')}</h2>
              <button type="button" onClick={() => send('accepted')} disabled={deciding.loading}>
                {t('admissions.acceptApplication')}
              </button>
              <form className="stack" onSubmit={(e) => send('declined', e)}>
                <label>
                  {t('admissions.reasonForDeclining')}
                  <textarea rows={3} value={reason} onChange={(e) => setReason(e.target.value)} required />
                </label>
                <button type="submit" className="danger" disabled={deciding.loading}>
                  {t('admissions.declineApplication')}
                </button>
              </form>
            </section>
          )}
          <section className="card stack" aria-labelledby="transcripts-title">
            <h2 id="transcripts-title">{t('admissions.transcripts')}</h2>
            {app.transcripts.length === 0 ? (
              <p>{t('admissions.noTranscriptsUploaded')}</p>
            ) : (
              <ul>
                {app.transcripts.map((transcript) => (
                  <li key={transcript.id}>
                    <button type="button" className="link" onClick={() => get(transcript.url, transcript.fileName)}>
                      {t('admissions.downloadFilename', { fileName: transcript.fileName })}
                    </button>{' '}
                    <span className="muted">{t('admissions.valueKb', { value: Math.ceil(transcript.size / 1024) })}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <ApplicationSections formData={app.formData} />
        </>
      )}
    </main>
  );
}
