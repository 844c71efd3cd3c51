import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import { renderStatementPdf } from './statement-pdf.js';
import { ledgerCsv, type StatementView } from './statement.js';

const dollars = (cents: number) => cents / 100;

/** The statement as the REST answer: dollars as numbers, as the payment routes answer them. */
export const statementJson = (s: StatementView) => ({
  family_id: s.familyId,
  family_name: s.familyName,
  school_name: s.schoolName,
  school_year: s.schoolYear,
  school_years: s.schoolYears,
  lines: s.lines.map((l) => ({
    date: l.date,
    kind: l.kind,
    description: l.description,
    amount: dollars(l.amountCents),
    balance: dollars(l.balanceCents),
    reference: l.reference,
    payment_id: l.paymentId,
  })),
  totals: {
    due: dollars(s.totals.dueCents),
    paid: dollars(s.totals.paidCents),
    credited: dollars(s.totals.creditedCents),
    refunded: dollars(s.totals.refundedCents),
    balance: dollars(s.totals.balanceCents),
  },
});

export function mountStatementRoutes(r: Router, deps: AppDeps): void {
  const { statements } = deps.services;

  route(r, deps, 'get', '/statements/', 'statement', async (ctx, req) => statementJson(await statements.statement(ctx, req.query.family, req.query.school_year)));

  route(r, deps, 'get', '/statements/pdf/', 'statementPdf', async (ctx, req, res) => {
    const view = await statements.statement(ctx, req.query.family, req.query.school_year);
    const pdf = await renderStatementPdf(view, new Date());
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `inline; filename="statement-${view.schoolYear ?? 'none'}.pdf"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(Buffer.from(pdf));
  });

  route(r, deps, 'get', '/statements/ledger/', 'statementLedger', async (ctx, req, res) => {
    const { schoolYear, rows } = await statements.ledger(ctx, req.query.school_year);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="ledger-${schoolYear}.csv"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(ledgerCsv(rows));
  });
}
