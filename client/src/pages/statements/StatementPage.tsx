/**
 * /statement: a family's statement for a school year (every amount due, payment, late fee, waiver,
 * withdrawal credit and refund, with Stripe's references and the running balance), its PDF, and
 * for dual-school staff the year's ledger (CSV). A parent reads their own (/statement?year=2026-27);
 * staff open a family's from the families page (/statement?family=12&year=2026-27). The server
 * decides who may read what; the descriptions come from it in the reader's language.
 */
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { StatementDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { restBlob, saveBlob } from '../../api/rest';
import { formatDay, formatMoney } from '../../i18n/formats';
import { useT } from '../../i18n';
import { useSession } from '../../session/context';

const dollars = (cents: number) => cents / 100;

export default function StatementPage() {
  const t = useT();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const family = params.get('family');
  const familyId = family && /^\d+$/.test(family) ? Number(family) : null;
  const year = params.get('year');
  const { data, loading, error } = useQuery(StatementDocument, { variables: { familyId, schoolYear: year }, fetchPolicy: 'network-only' });
  const [notice, setNotice] = useState<string | null>(null);
  const s = data?.statement;
  const staff = familyId !== null;
  const query = new URLSearchParams({ ...(familyId !== null ? { family: String(familyId) } : {}), ...(s?.schoolYear ? { school_year: s.schoolYear } : {}) });

  async function openPdf() {
    setNotice(null);
    // The tab is opened now, while the click still counts as the user's, and filled when the PDF arrives.
    const tab = window.open('', '_blank');
    try {
      const { blob } = await restBlob(`/api/statements/pdf/?${query.toString()}`);
      const url = URL.createObjectURL(blob);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      tab?.close();
      setNotice(messageOr(e, t('statement.pdfFailed')));
    }
  }

  async function downloadLedger() {
    if (!s?.schoolYear) return;
    setNotice(null);
    try {
      const { blob } = await restBlob(`/api/statements/ledger/?school_year=${encodeURIComponent(s.schoolYear)}`);
      saveBlob(blob, `ledger-${s.schoolYear}.csv`);
    } catch (e) {
      setNotice(messageOr(e, t('statement.ledgerFailed')));
    }
  }

  function chooseYear(label: string) {
    const next = new URLSearchParams(params);
    next.set('year', label);
    setParams(next);
  }

  return (
    <main className="page stack">
      <p>
        <Link to={staff ? '/admissions/payments' : '/parent-payments'}>{t('statement.back')}</Link>
      </p>
      <h1>{s ? t('statement.titleFor', { name: s.familyName }) : t('statement.title')}</h1>
      {loading && !data && <p className="muted">{t('statement.loading')}</p>}
      {error && (
        <p className="alert alert-danger" role="alert">
          {messageOr(error, t('statement.loadFailed'))}
        </p>
      )}
      {notice && (
        <p className="alert alert-danger" role="alert">
          {notice}
        </p>
      )}
      {s && (
        <>
          <div className="row">
            {s.schoolYears.length > 0 && (
              <label>
                {t('statement.schoolYear')}{' '}
                <select value={s.schoolYear ?? ''} onChange={(e) => chooseYear(e.target.value)}>
                  {s.schoolYears.map((y) => (
                    <option key={y} value={y}>
                      {y}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <button type="button" className="secondary" onClick={() => void openPdf()}>
              {t('statement.openPdf')}
            </button>
            {session.user?.userType === 'Staff' && s.schoolYear && (
              <button type="button" className="secondary" onClick={() => void downloadLedger()}>
                {t('statement.downloadLedger', { year: s.schoolYear })}
              </button>
            )}
          </div>
          {s.lines.length === 0 ? (
            <p className="muted">{t('statement.empty')}</p>
          ) : (
            <table className="data">
              <caption>{t('statement.caption', { school: s.schoolName, year: s.schoolYear ?? '' })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('statement.date')}</th>
                  <th scope="col">{t('statement.description')}</th>
                  <th scope="col">{t('statement.reference')}</th>
                  <th scope="col" className="num">
                    {t('statement.amount')}
                  </th>
                  <th scope="col" className="num">
                    {t('statement.balance')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {s.lines.map((l, i) => (
                  <tr key={i}>
                    <td>{formatDay(l.date)}</td>
                    <td>{l.description}</td>
                    <td>
                      <code>{l.reference ?? ''}</code>
                    </td>
                    <td className="num">{formatMoney(dollars(l.amountCents))}</td>
                    <td className="num">{formatMoney(dollars(l.balanceCents))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p>
            {t('statement.totals', {
              due: formatMoney(dollars(s.totals.dueCents)),
              paid: formatMoney(dollars(s.totals.paidCents)),
              credited: formatMoney(dollars(s.totals.creditedCents)),
              refunded: formatMoney(dollars(s.totals.refundedCents)),
            })}
          </p>
          <p>
            <strong>{t('statement.balanceOwed', { amount: formatMoney(dollars(s.totals.balanceCents)) })}</strong>
          </p>
        </>
      )}
    </main>
  );
}
