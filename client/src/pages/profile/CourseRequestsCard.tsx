/**
 * Staff: their school's course-request window for the next school year (the year and the days it
 * is open) and the download of the requests as the SIS export CSV. The server validates the window
 * and refuses anyone but the school's staff; its reason is shown as sent.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { CourseRequestWindowDocument, SetCourseRequestWindowDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { restBlob, saveBlob } from '../../api/rest';
import { useT } from '../../i18n';
import { SaveNoticeLine, type SaveNotice } from '../../components/SaveNotice';

type WindowForm = { schoolYear: string; opensOn: string; closesOn: string };

export function CourseRequestsCard() {
  const t = useT();
  const { data } = useQuery(CourseRequestWindowDocument);
  const [save, { loading }] = useMutation(SetCourseRequestWindowDocument, { refetchQueries: [CourseRequestWindowDocument] });
  const window = data?.courseRequestWindow ?? null;
  // The fields show the saved window until staff edit them, in the same render as its state line.
  const [edits, setEdits] = useState<Partial<WindowForm>>({});
  const form: WindowForm = { schoolYear: window?.schoolYear ?? '', opensOn: window?.opensOn ?? '', closesOn: window?.closesOn ?? '', ...edits };
  const [notice, setNotice] = useState<SaveNotice | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    try {
      await save({ variables: form });
      setNotice({ ok: true, text: t('courseRequests.saved') });
    } catch (err) {
      setNotice({ ok: false, text: messageOr(err, t('courseRequests.saveFailed')) });
    }
  }

  async function download() {
    setNotice(null);
    try {
      const { blob } = await restBlob(`/api/course-requests/export/`);
      saveBlob(blob, `course-requests-${window?.schoolYear ?? ''}.csv`);
    } catch (err) {
      setNotice({ ok: false, text: messageOr(err, t('courseRequests.exportFailed')) });
    }
  }

  const field = (key: keyof WindowForm, label: string, type: string) => (
    <label className="stack">
      {label}
      <input type={type} value={form[key]} required onChange={(e) => setEdits({ ...edits, [key]: e.target.value })} />
    </label>
  );

  return (
    <section className="card stack" aria-labelledby="course-requests-title">
      <h2 id="course-requests-title">{t('courseRequests.title')}</h2>
      {window && (
        <p className="muted">
          {window.state === 'open' ? t('courseRequests.stateOpen') : window.state === 'closed' ? t('courseRequests.stateClosed') : t('courseRequests.stateUpcoming')}
        </p>
      )}
      <form className="stack" onSubmit={(e) => void submit(e)}>
        {field('schoolYear', t('courseRequests.schoolYear'), 'text')}
        {field('opensOn', t('courseRequests.opensOn'), 'date')}
        {field('closesOn', t('courseRequests.closesOn'), 'date')}
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={loading}>
            {t('courseRequests.save')}
          </button>
          <button type="button" className="btn" disabled={!window} onClick={() => void download()}>
            {t('courseRequests.download')}
          </button>
        </div>
      </form>
      <SaveNoticeLine notice={notice} />
    </section>
  );
}
