/**
 * /consent-template — staff upload their school's consent template PDF and edit where each field
 * is drawn (PDF points from the bottom-left corner). The preview shows the template filled with
 * sample data and sample signatures at the saved positions.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState, type FormEvent } from 'react';
import { CONSENT_FONTS, type ConsentFieldConfig, type ConsentFont, type FieldPlacement } from '@planner/shared/consent-form';
import { PdfFrame } from './PdfFrame';
import { ConsentTemplateDocument, ResetConsentTemplateDocument, UpdateConsentTemplateDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { fetchPdf, uploadSignedPdf } from './consentFlow';
import { isFieldConfig, prefillPdf, previewSignatures } from './prefill';
import { useT } from '../../i18n';

const SAMPLE = { firstName: 'Sample', lastName: 'Student', email: 'sample@school.example', dob: '01152010', grade: '10', school: { name: 'Your School' } };

type Row = { label: string; get: (c: ConsentFieldConfig) => FieldPlacement };

function rows(config: ConsentFieldConfig): Row[] {
  return [
    ...Object.keys(config.student_info).map((k) => ({
      label: `Student info: ${k} (${config.student_info[k].source})`,
      get: (c: ConsentFieldConfig) => c.student_info[k],
    })),
    { label: 'Student signature', get: (c) => c.student_signature.signature },
    { label: 'Student signature date', get: (c) => c.student_signature.date },
    { label: 'Parent printed name', get: (c) => c.parent_signature.printed_name },
    { label: 'Parent signature', get: (c) => c.parent_signature.signature },
    { label: 'Parent signature date', get: (c) => c.parent_signature.date },
  ];
}

export default function ConsentTemplatePage() {
  const t = useT();
  const { data, error, refetch } = useQuery(ConsentTemplateDocument, { fetchPolicy: 'network-only' });
  const [save, saveState] = useMutation(UpdateConsentTemplateDocument);
  const [reset, resetState] = useMutation(ResetConsentTemplateDocument);
  const [config, setConfig] = useState<ConsentFieldConfig | null>(null);
  const [preview, setPreview] = useState<Uint8Array | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const template = data?.consentTemplate;

  useEffect(() => {
    if (template && isFieldConfig(template.fieldConfig)) setConfig(structuredClone(template.fieldConfig));
  }, [template]);

  useEffect(() => {
    if (!template || !isFieldConfig(template.fieldConfig)) return;
    const saved = template.fieldConfig;
    let live = true;
    (async () => {
      let bytes = await prefillPdf(await fetchPdf(template.pdf), saved, SAMPLE);
      bytes = await previewSignatures(bytes, saved, 'Sample Student', 'Sample Parent');
      if (live) setPreview(bytes);
    })().catch((e) => console.error('Failed to build the template preview', e));
    return () => {
      live = false;
    };
  }, [template]);

  function edit(row: Row, key: 'page' | 'x' | 'y' | 'font_size' | 'font', value: string) {
    if (!config) return;
    const next = structuredClone(config);
    const p = row.get(next);
    if (key === 'font') p.font = value as ConsentFont;
    else if (key === 'page') p.page = Math.max(0, Number(value) - 1);
    else p[key] = Number(value);
    setConfig(next);
  }

  async function savePositions(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    try {
      await save({ variables: { fieldConfig: config as unknown as Record<string, unknown> } });
      await refetch();
      setNotice({ ok: true, text: t('consent.fieldPositionsSaved') });
    } catch (err) {
      setNotice({ ok: false, text: messageOr(err, t('consent.theFieldPositionsCouldNotBe')) });
    }
  }

  async function upload(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    if (!file) return setNotice({ ok: false, text: t('consent.chooseAPdfFileFirst') });
    try {
      await uploadSignedPdf('/api/consent-template/', new Uint8Array(await file.arrayBuffer()));
      await refetch();
      setNotice({ ok: true, text: t('consent.templateUploaded') });
    } catch (err) {
      setNotice({ ok: false, text: messageOr(err, t('consent.templateUploadFailed')) });
    }
  }

  async function backToDefault() {
    if (!window.confirm(t('consent.useTheDefaultConsentTemplateAgain'))) return;
    try {
      await reset();
      await refetch();
      setNotice({ ok: true, text: t('consent.theDefaultTemplateIsUsedAgain') });
    } catch (err) {
      setNotice({ ok: false, text: messageOr(err, t('consent.theTemplateCouldNotBeReset')) });
    }
  }

  return (
    <main className="page">
      <section className="card stack">
        <h1>{t('consent.consentFormTemplate')}</h1>
        {error && (
          <div className="alert alert-danger" role="alert">
            {messageOr(error, t('consent.theTemplateCouldNotBeLoaded'))}
          </div>
        )}
        {notice && (
          <div className={`alert ${notice.ok ? 'alert-success' : 'alert-danger'}`} role={notice.ok ? 'status' : 'alert'}>
            {notice.text}
          </div>
        )}
        {template && (
          <p className="muted">
            {t('consent.templateSummary', {
              template: template.custom ? t('consent.yourSchoolSOwnTemplate') : t('consent.theDefaultTemplate'),
              count: template.pageCount,
            })}
          </p>
        )}
        <form className="row" onSubmit={upload}>
          <label htmlFor="template-file">{t('consent.templatePdf')}</label>
          <input id="template-file" type="file" accept="application/pdf,.pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          <button type="submit">{t('consent.uploadTemplate')}</button>
          {template?.custom && (
            <button type="button" className="secondary" onClick={backToDefault} disabled={resetState.loading}>
              {t('consent.useDefaultTemplate')}
            </button>
          )}
        </form>
        {config && (
          <form className="stack" onSubmit={savePositions}>
            <h2>{t('consent.fieldPositions')}</h2>
            <p className="muted">{t('consent.positionsAreInPoints172')}</p>
            <table className="data">
              <thead>
                <tr>
                  <th>{t('consent.field')}</th>
                  <th>{t('consent.pageColumn')}</th>
                  <th>X</th>
                  <th>Y</th>
                  <th>{t('consent.font')}</th>
                  <th>{t('consent.size')}</th>
                </tr>
              </thead>
              <tbody>
                {rows(config).map((row) => {
                  const p = row.get(config);
                  return (
                    <tr key={row.label}>
                      <td>{row.label}</td>
                      <td>
                        <input
                          type="number"
                          min={1}
                          aria-label={t('consent.labelPage', { label: row.label })}
                          value={(p.page ?? 0) + 1}
                          onChange={(e) => edit(row, 'page', e.target.value)}
                          style={{ width: 60 }}
                        />
                      </td>
                      <td>
                        <input type="number" aria-label={`${row.label} x`} value={p.x} onChange={(e) => edit(row, 'x', e.target.value)} style={{ width: 80 }} />
                      </td>
                      <td>
                        <input type="number" aria-label={`${row.label} y`} value={p.y} onChange={(e) => edit(row, 'y', e.target.value)} style={{ width: 80 }} />
                      </td>
                      <td>
                        <select aria-label={t('consent.labelFont', { label: row.label })} value={p.font} onChange={(e) => edit(row, 'font', e.target.value)}>
                          {CONSENT_FONTS.map((f) => (
                            <option key={f} value={f}>
                              {f}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td>
                        <input
                          type="number"
                          aria-label={t('consent.labelSize', { label: row.label })}
                          value={p.font_size}
                          onChange={(e) => edit(row, 'font_size', e.target.value)}
                          style={{ width: 60 }}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <div className="row">
              <button type="submit" disabled={saveState.loading}>
                {t('consent.savePositions')}
              </button>
            </div>
          </form>
        )}
        <h2>{t('consent.previewWithSampleData')}</h2>
        <PdfFrame bytes={preview} title={t('consent.templatePreview')} height={1000} />
      </section>
    </main>
  );
}
