/**
 * /admissions/school-years: the Dual School's admissions staff manage its school years (dates and
 * attachment A's amounts for families signing for that year), read each year's change log, and set
 * the late-fee grace period. Signed contracts keep the terms they were signed under (the server's rule).
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import {
  CreateSchoolYearDocument,
  LateFeeGraceDaysDocument,
  SchoolYearChangesDocument,
  SchoolYearsDocument,
  SetLateFeeGraceDaysDocument,
  UpdateSchoolYearDocument,
  type SchoolYearFieldsFragment,
  type SchoolYearInputType,
} from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { formatDateTime, formatDay, formatMoney } from '../../i18n/formats';
import { useT, type MessageKey } from '../../i18n';
import { useSession } from '../../session/context';
import { SaveNoticeLine, type SaveNotice } from '../../components/SaveNotice';

type Year = SchoolYearFieldsFragment;

export default function SchoolYearsPage() {
  const t = useT();
  const schoolId = useSession().user?.school?.id ?? null;
  const { data, loading, error } = useQuery(SchoolYearsDocument, { variables: { schoolId }, fetchPolicy: 'network-only', skip: schoolId === null });
  const [editing, setEditing] = useState<Year | 'new' | null>(null);
  const [logOf, setLogOf] = useState<Year | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const years = data?.schoolYears ?? [];

  return (
    <main className="page stack">
      <h1>{t('schoolYears.title')}</h1>
      {error && (
        <p className="alert alert-danger" role="alert">
          {messageOr(error, t('schoolYears.loadFailed'))}
        </p>
      )}
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      {loading && !data && <p role="status">{t('common.loading')}</p>}
      {data && years.length === 0 && <p>{t('schoolYears.none')}</p>}
      {years.length > 0 && (
        <table className="data">
          <thead>
            <tr>
              <th>{t('schoolYears.label')}</th>
              <th>{t('schoolYears.dates')}</th>
              <th>{t('schoolYears.tuitionDueOn')}</th>
              <th>{t('schoolYears.annualTuition')}</th>
              <th>{t('schoolYears.monthlyInstallment')}</th>
              <th>{t('common.action')}</th>
            </tr>
          </thead>
          <tbody>
            {years.map((y) => (
              <tr key={y.id}>
                <td>{y.label}</td>
                <td>
                  {formatDay(y.startsOn)} – {formatDay(y.endsOn)}
                </td>
                <td>{formatDay(y.tuitionDueOn)}</td>
                <td>{formatMoney(y.annualTuitionCents / 100)}</td>
                <td>{t('schoolYears.installments', { amount: formatMoney(y.monthlyInstallmentCents / 100), count: y.monthlyDueDates.length })}</td>
                <td className="row">
                  <button type="button" className="secondary" onClick={() => setEditing(y)} aria-label={t('schoolYears.editYear', { label: y.label })}>
                    {t('schoolYears.edit')}
                  </button>
                  <button type="button" className="secondary" onClick={() => setLogOf(y)} aria-label={t('schoolYears.changesOf', { label: y.label })}>
                    {t('schoolYears.changes')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {schoolId !== null && editing === null && (
        <div>
          <button type="button" onClick={() => setEditing('new')}>
            {t('schoolYears.create')}
          </button>
        </div>
      )}
      {schoolId !== null && editing !== null && (
        <YearForm
          key={editing === 'new' ? 'new' : editing.id}
          schoolId={schoolId}
          year={editing === 'new' ? null : editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) setNotice(t('schoolYears.saved', { label: saved.label }));
          }}
        />
      )}
      {logOf && <ChangeLog year={logOf} onClose={() => setLogOf(null)} />}
      {schoolId !== null && <GracePeriod schoolId={schoolId} />}
    </main>
  );
}

/** The form's text of a year: dollars for cents, one date a line for the monthly schedule. */
function formOf(y: Year | null) {
  const dollars = (c: number | undefined) => (c === undefined ? '' : (c / 100).toFixed(2));
  return {
    label: y?.label ?? '',
    startsOn: y?.startsOn ?? '',
    endsOn: y?.endsOn ?? '',
    tuitionDueOn: y?.tuitionDueOn ?? '',
    monthlyDueDates: y?.monthlyDueDates.join('\n') ?? '',
    annualTuition: dollars(y?.annualTuitionCents),
    upfrontDiscountPercent: y ? String(y.upfrontDiscountPercent) : '',
    podDiscountPercent: y ? String(y.podDiscountPercent) : '',
    podMinStudents: y ? String(y.podMinStudents) : '',
    monthlyInstallment: dollars(y?.monthlyInstallmentCents),
    lateFeePercentPerMonth: y ? String(y.lateFeePercentPerMonth) : '',
    fullRefundDays: y ? String(y.fullRefundDays) : '',
    halfRefundDays: y ? String(y.halfRefundDays) : '',
    partnerCourseCost: dollars(y?.partnerCourseCostCents),
  };
}
type Form = ReturnType<typeof formOf>;

/** The input the server reads: fields left empty are left out (a new year takes the defaults, a change keeps them). */
function inputOf(f: Form): SchoolYearInputType {
  const input: SchoolYearInputType = {};
  const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
  const whole = (v: string) => (v.trim() === '' ? undefined : Number(v));
  const cents = (v: string) => (v.trim() === '' ? undefined : Math.round(Number(v) * 100));
  input.label = text(f.label);
  input.startsOn = text(f.startsOn);
  input.endsOn = text(f.endsOn);
  input.tuitionDueOn = text(f.tuitionDueOn);
  const dates = f.monthlyDueDates
    .split(/[\s,]+/)
    .map((d) => d.trim())
    .filter(Boolean);
  input.monthlyDueDates = dates.length ? dates : undefined;
  input.annualTuitionCents = cents(f.annualTuition);
  input.upfrontDiscountPercent = whole(f.upfrontDiscountPercent);
  input.podDiscountPercent = whole(f.podDiscountPercent);
  input.podMinStudents = whole(f.podMinStudents);
  input.monthlyInstallmentCents = cents(f.monthlyInstallment);
  input.lateFeePercentPerMonth = whole(f.lateFeePercentPerMonth);
  input.fullRefundDays = whole(f.fullRefundDays);
  input.halfRefundDays = whole(f.halfRefundDays);
  input.partnerCourseCostCents = cents(f.partnerCourseCost);
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as SchoolYearInputType;
}

function YearForm({ schoolId, year, onDone }: { schoolId: number; year: Year | null; onDone(saved: Year | null): void }) {
  const t = useT();
  const [form, setForm] = useState(() => formOf(year));
  const [failure, setFailure] = useState<string | null>(null);
  const refetchQueries = [SchoolYearsDocument];
  const [create, creating] = useMutation(CreateSchoolYearDocument, { refetchQueries });
  const [update, updating] = useMutation(UpdateSchoolYearDocument, { refetchQueries: [...refetchQueries, SchoolYearChangesDocument] });
  const busy = creating.loading || updating.loading;
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function save(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    try {
      const input = inputOf(form);
      const saved = year
        ? (await update({ variables: { id: year.id, input } })).data?.updateSchoolYear
        : (await create({ variables: { schoolId, input } })).data?.createSchoolYear;
      onDone(saved ?? null);
    } catch (err) {
      setFailure(messageOr(err, t('schoolYears.saveFailed')));
    }
  }

  const field = (k: keyof Form, label: string, type: 'text' | 'date' | 'number' = 'text', extra: { step?: string; min?: number } = {}) => (
    <label>
      {label}
      <input type={type} value={form[k]} onChange={set(k)} {...extra} />
    </label>
  );

  return (
    <form className="card stack" onSubmit={save} aria-labelledby="year-form-title">
      <h2 id="year-form-title">{year ? t('schoolYears.editYear', { label: year.label }) : t('schoolYears.create')}</h2>
      {!year && <p className="muted">{t('schoolYears.defaultsHint')}</p>}
      {year && <p className="muted">{t('schoolYears.signedKeepTerms')}</p>}
      {failure && (
        <p className="alert alert-danger" role="alert">
          {failure}
        </p>
      )}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))', gap: '0.75rem' }}>
        {field('label', t('schoolYears.label'))}
        {field('tuitionDueOn', t('schoolYears.tuitionDueOn'), 'date')}
        {field('startsOn', t('schoolYears.startsOn'), 'date')}
        {field('endsOn', t('schoolYears.endsOn'), 'date')}
        {field('annualTuition', t('schoolYears.annualTuitionDollars'), 'number', { step: '0.01', min: 0 })}
        {field('monthlyInstallment', t('schoolYears.monthlyInstallmentDollars'), 'number', { step: '0.01', min: 0 })}
        {field('upfrontDiscountPercent', t('schoolYears.upfrontDiscountPercent'), 'number', { min: 0 })}
        {field('podDiscountPercent', t('schoolYears.podDiscountPercent'), 'number', { min: 0 })}
        {field('podMinStudents', t('schoolYears.podMinStudents'), 'number', { min: 1 })}
        {field('lateFeePercentPerMonth', t('schoolYears.lateFeePercentPerMonth'), 'number', { min: 0 })}
        {field('fullRefundDays', t('schoolYears.fullRefundDays'), 'number', { min: 0 })}
        {field('halfRefundDays', t('schoolYears.halfRefundDays'), 'number', { min: 0 })}
        {field('partnerCourseCost', t('schoolYears.partnerCourseCostDollars'), 'number', { step: '0.01', min: 0 })}
      </div>
      <label>
        {t('schoolYears.monthlyDueDates')}
        <textarea rows={5} value={form.monthlyDueDates} onChange={set('monthlyDueDates')} aria-describedby="monthly-dates-hint" />
      </label>
      <p id="monthly-dates-hint" className="muted">
        {t('schoolYears.monthlyDueDatesHint')}
      </p>
      <div className="row">
        <button type="button" className="secondary" onClick={() => onDone(null)} disabled={busy}>
          {t('common.cancel')}
        </button>
        <button type="submit" disabled={busy}>
          {t('schoolYears.save')}
        </button>
      </div>
    </form>
  );
}

/** A logged field's label: the form's own, so the log names what staff typed into. */
const FIELD_LABELS = {
  label: 'schoolYears.label',
  startsOn: 'schoolYears.startsOn',
  endsOn: 'schoolYears.endsOn',
  tuitionDueOn: 'schoolYears.tuitionDueOn',
  monthlyDueDates: 'schoolYears.monthlyDueDates',
  annualTuitionCents: 'schoolYears.annualTuitionDollars',
  upfrontDiscountPercent: 'schoolYears.upfrontDiscountPercent',
  podDiscountPercent: 'schoolYears.podDiscountPercent',
  podMinStudents: 'schoolYears.podMinStudents',
  monthlyInstallmentCents: 'schoolYears.monthlyInstallmentDollars',
  lateFeePercentPerMonth: 'schoolYears.lateFeePercentPerMonth',
  fullRefundDays: 'schoolYears.fullRefundDays',
  halfRefundDays: 'schoolYears.halfRefundDays',
  partnerCourseCostCents: 'schoolYears.partnerCourseCostDollars',
} as const satisfies Record<string, MessageKey>;

export function ChangeLog({ year, onClose }: { year: Year; onClose(): void }) {
  const t = useT();
  const { data, loading, error } = useQuery(SchoolYearChangesDocument, { variables: { id: year.id }, fetchPolicy: 'network-only' });
  const changes = data?.schoolYearChanges ?? [];
  return (
    <section className="card stack" aria-labelledby="year-log-title">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h2 id="year-log-title" style={{ margin: 0 }}>
          {t('schoolYears.changesOf', { label: year.label })}
        </h2>
        <button type="button" className="secondary" onClick={onClose}>
          {t('schoolYears.close')}
        </button>
      </div>
      {error && (
        <p className="alert alert-danger" role="alert">
          {messageOr(error, t('schoolYears.loadFailed'))}
        </p>
      )}
      {loading && !data && <p role="status">{t('common.loading')}</p>}
      {changes.length > 0 && (
        <table className="data">
          <thead>
            <tr>
              <th>{t('schoolYears.changedAt')}</th>
              <th>{t('schoolYears.changedBy')}</th>
              <th>{t('schoolYears.fieldsChanged')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.id}>
                <td>{formatDateTime(String(c.changedAt))}</td>
                <td>{c.changedBy === null ? t('schoolYears.system') : (c.changedByName ?? t('schoolYears.userNumber', { id: c.changedBy }))}</td>
                <td>
                  {c.before === null
                    ? t('schoolYears.created')
                    : c.fields.map((f) => (f in FIELD_LABELS ? t(FIELD_LABELS[f as keyof typeof FIELD_LABELS]) : f)).join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function GracePeriod({ schoolId }: { schoolId: number }) {
  const t = useT();
  const { data } = useQuery(LateFeeGraceDaysDocument, { variables: { schoolId }, fetchPolicy: 'network-only' });
  const [days, setDays] = useState<string | null>(null);
  const [save, saving] = useMutation(SetLateFeeGraceDaysDocument, { refetchQueries: [LateFeeGraceDaysDocument] });
  const [notice, setNotice] = useState<SaveNotice | null>(null);
  const shown = days ?? (data ? String(data.lateFeeGraceDays) : '');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    try {
      const saved = (await save({ variables: { schoolId, days: Number(shown) } })).data?.setLateFeeGraceDays;
      setDays(null);
      setNotice({ ok: true, text: t('schoolYears.graceSaved', { days: saved ?? Number(shown) }) });
    } catch (err) {
      setNotice({ ok: false, text: messageOr(err, t('schoolYears.saveFailed')) });
    }
  }

  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="grace-title">
      <h2 id="grace-title">{t('schoolYears.graceTitle')}</h2>
      <p className="muted">{t('schoolYears.graceHint')}</p>
      <div className="row">
        <label>
          {t('schoolYears.graceDays')}
          <input type="number" min={0} max={60} value={shown} onChange={(e) => setDays(e.target.value)} style={{ width: '8rem' }} />
        </label>
        <button type="submit" disabled={saving.loading || shown === ''}>
          {t('schoolYears.save')}
        </button>
      </div>
      <SaveNoticeLine notice={notice} />
    </form>
  );
}
