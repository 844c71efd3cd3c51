/**
 * A family's statement (screen JSON, GraphQL, PDF) and the staff's ledger, on a real database, the
 * money moved through the app's Stripe SDK against the built-in stand-in (the test checkout's).
 */
import { describe, expect, it } from 'vitest';
import { DEMO, useHarness } from '../../test/harness.js';
import { pdfText } from '../../../../shared/testing/pdf-text.js';
import { enrollFamily, type AcceptedFamily } from '../contracts/contracts.factories.js';
import { applyLateFees } from '../jobs/late-fees.js';
import { Payment, PaymentRecord } from '../payments/payment.entity.js';
import { StripeStandIn, type StandInEvent } from '../payments/stripe-standin.js';
import { parseCsv as readCsv } from '../courses/csv.js';

const h = useHarness();
const TODAY = new Date().toISOString().slice(0, 10);

interface Line {
  date: string;
  kind: string;
  description: string;
  amount: number;
  balance: number;
  reference: string | null;
  payment_id: number | null;
}

async function deliver(events: StandInEvent[]) {
  for (const event of events) {
    const payload = JSON.stringify(event);
    const res = await h.api
      .post('/api/stripe/webhook/')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', h.services.payments.gateway.sign(payload))
      .send(payload);
    expect(res.status).toBe(200);
  }
}

/**
 * A family on the monthly plan: month 1 paid at checkout, month 2 left unpaid past its date (a late
 * fee the staff waive), then paid by its invoice; $250 of month 2 refunded through Stripe.
 */
async function monthlyFamily(): Promise<{ fam: AcceptedFamily; staff: string; year: string; fee: Payment; refundId: string }> {
  const fam = await enrollFamily(h);
  const start = await h.gql(`mutation { s: createMonthlyCheckoutSession(priceId: "price_local_monthly") { sessionId } }`, {}, fam.token);
  expect((await h.api.post(`/test-checkout/${start.data!.s.sessionId}/pay`)).status).toBe(303);
  // The clock moved in the test: the family signed two months ago, so month 1 (paid) fell due 45
  // days ago, month 2 ten days past the school's grace period, and the rest fall due monthly from now.
  const [{ grace }] = await h.db.query(`SELECT late_fee_grace_days AS grace FROM schools WHERE id = $1`, [fam.school.id]);
  await h.db.query(
    `UPDATE payments SET due_date = CASE installment WHEN 1 THEN $2::date - 45 WHEN 2 THEN $2::date - 10 - $3::int ELSE $2::date + 30 * (installment - 2) END
      WHERE family_id = $1 AND payment_type = 'monthly'`,
    [fam.parent.id, TODAY, grace],
  );
  const month2 = await h.db.getRepository(Payment).findOneByOrFail({ familyId: fam.parent.id, paymentType: 'monthly', installment: 2 });
  // Today's run of the daily job: one late fee, on month 2.
  await applyLateFees(h.db, TODAY);
  expect(await h.db.getRepository(Payment).countBy({ familyId: fam.parent.id, paymentType: 'late_fee' })).toBe(1);
  const fee = await h.db.getRepository(Payment).findOneByOrFail({ familyId: fam.parent.id, paymentType: 'late_fee', lateFeeFor: month2.id });
  const staff = await h.tokenFor(await h.buildStaff({ school: fam.school }));
  const waived = await h.gql(`mutation($id: Int!) { waiveLateFee(paymentId: $id, reason: "First time late") { status } }`, { id: fee.id }, staff);
  expect(waived.errors).toBeUndefined();

  const standIn = h.services.payments.gateway.standIn!;
  await deliver([StripeStandIn.event('invoice.paid', standIn.paidInvoice(month2.stripeSubscriptionId!, { family_id: String(fam.parent.id), plan: 'monthly' }, 100_000))]);
  const paid2 = await h.db.getRepository(PaymentRecord).findOneByOrFail({ familyId: fam.parent.id, paymentId: month2.id, status: 'paid' });
  const sdk = await h.services.payments.gateway.stripe();
  standIn.refundEvents(); // earlier tests' events
  const refund = await sdk.refunds.create({ payment_intent: paid2.stripePaymentIntentId!, amount: 25_000 });
  await deliver(standIn.refundEvents());
  const year = (await h.db.query(`SELECT y.label FROM school_years y WHERE y.id = $1`, [month2.schoolYearId]))[0].label as string;
  return { fam, staff, year, fee: await h.db.getRepository(Payment).findOneByOrFail({ id: fee.id }), refundId: refund.id };
}

describe("a family's statement", () => {
  it('lists every amount due, payment, late fee, waiver and refund with Stripe references and the running balance', async () => {
    const { fam, staff, year, fee, refundId } = await monthlyFamily();
    const res = await h.api.get('/api/statements/').set(h.auth(fam.token));
    expect(res.status).toBe(200);
    expect(res.body.school_year).toBe(year);
    expect(res.body.school_years).toEqual([year]);
    const lines = res.body.lines as Line[];

    const payments = await h.db.getRepository(Payment).find({ where: { familyId: fam.parent.id, paymentType: 'monthly' }, order: { installment: 'ASC' } });
    const records = await h.db.getRepository(PaymentRecord).find({ where: { familyId: fam.parent.id }, order: { id: 'ASC' } });
    // Ten installments due, the late fee, two payments, the waiver, the refund; the cancelled annual item is not there.
    expect(lines.filter((l) => l.kind === 'due').map((l) => [l.payment_id, l.amount, l.date])).toEqual(payments.map((p) => [p.id, 1000, p.dueDate]));
    expect(lines.filter((l) => l.kind === 'due').map((l) => l.description)).toEqual(payments.map((_, i) => `Tuition ${year}, month ${i + 1} of 10`));
    expect(lines.filter((l) => l.kind === 'late_fee')).toEqual([
      {
        date: fee.dueDate,
        kind: 'late_fee',
        description: 'Late fee on month 2 of 10, 1 month late',
        amount: 50,
        balance: expect.any(Number),
        reference: null,
        payment_id: fee.id,
      },
    ]);
    expect(lines.filter((l) => l.kind === 'waiver')).toEqual([
      {
        date: fee.waivedAt!.toISOString().slice(0, 10),
        kind: 'waiver',
        description: 'Late fee waived: First time late',
        amount: -50,
        balance: expect.any(Number),
        reference: null,
        payment_id: fee.id,
      },
    ]);
    const paid = records.filter((r) => r.status === 'paid');
    expect(lines.filter((l) => l.kind === 'payment').map((l) => [l.amount, l.reference, l.description])).toEqual(
      paid.map((r) => [-1000, r.stripePaymentIntentId, 'Payment by card']),
    );
    expect(paid.every((r) => /^pi_/.test(r.stripePaymentIntentId!))).toBe(true);
    expect(lines.filter((l) => l.kind === 'refund').map((l) => [l.amount, l.reference, l.description])).toEqual([[250, refundId, 'Refund to card']]);

    // The running balance: each line's balance is the one before plus its amount; the end is what is owed.
    let balance = 0;
    for (const l of lines) {
      balance = Math.round((balance + l.amount) * 100) / 100;
      expect(l.balance, JSON.stringify(l)).toBe(balance);
    }
    expect(res.body.totals).toEqual({ due: 10_050, paid: 2000, credited: 50, refunded: 250, balance: 10_050 - 2000 - 50 + 250 });
    expect(balance).toBe(8250);
    // In date order; on one day what is owed comes before what paid it.
    expect(lines.map((l) => l.date)).toEqual([...lines.map((l) => l.date)].sort());

    // Staff of the family's school read the same statement, by GraphQL too (cents).
    const asStaff = await h.api.get(`/api/statements/?family=${fam.parent.id}&school_year=${year}`).set(h.auth(staff));
    expect(asStaff.status, JSON.stringify(asStaff.body)).toBe(200);
    expect(asStaff.body.lines).toEqual(lines);
    const gql = await h.gql(
      `query($f: Int, $y: String) { statement(familyId: $f, schoolYear: $y) { schoolYear lines { kind amountCents balanceCents reference } totals { balanceCents paidCents } } }`,
      { f: fam.parent.id, y: year },
      staff,
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.statement.totals).toEqual({ balanceCents: 825_000, paidCents: 200_000 });
    expect(gql.data!.statement.lines.map((l: { kind: string; amountCents: number; reference: string | null }) => [l.kind, l.amountCents / 100, l.reference])).toEqual(
      lines.map((l) => [l.kind, l.amount, l.reference]),
    );
  });

  it("a withdrawal: the contract rule's credit and the refund out leave the family owing nothing", async () => {
    const fam = await enrollFamily(h);
    const start = await h.gql(`mutation { s: createMonthlyCheckoutSession(priceId: "price_local_monthly") { sessionId } }`, {}, fam.token);
    expect((await h.api.post(`/test-checkout/${start.data!.s.sessionId}/pay`)).status).toBe(303);
    const staff = await h.tokenFor(await h.buildStaff({ school: fam.school }));
    const done = await h.gql(
      `mutation($p: Int!, $i: WithdrawalInputType!, $c: Int!) { recordWithdrawal(parentId: $p, input: $i, confirmRefundCents: $c) { refundCents } }`,
      { p: fam.parent.id, i: { withdrawnOn: TODAY, reason: 'Moving abroad' }, c: 100_000 },
      staff,
    );
    expect(done.errors).toBeUndefined();
    const res = await h.api.get(`/api/statements/?family=${fam.parent.id}`).set(h.auth(staff));
    expect(res.status).toBe(200);
    const refund = await h.db.getRepository(PaymentRecord).findOneByOrFail({ familyId: fam.parent.id, status: 'refunded' });
    // The installments the withdrawal cancelled are gone; month 1 was owed, paid, credited and refunded.
    expect((res.body.lines as Line[]).map((l) => [l.kind, l.description, l.amount, l.balance, l.reference])).toEqual([
      ['due', `Tuition ${res.body.school_year}, month 1 of 10`, 1000, 1000, null],
      ['payment', 'Payment by card', -1000, 0, expect.stringMatching(/^pi_/)],
      ['withdrawal_credit', "Withdrawal credit by the contract's refund rule (100%): Moving abroad", -1000, -1000, null],
      ['refund', 'Refund to card', 1000, 0, refund.stripeRefundId],
    ]);
    expect(res.body.totals).toEqual({ due: 1000, paid: 1000, credited: 1000, refunded: 1000, balance: 0 });
  });

  it("prints as a PDF in the reader's language: English, then Spanish", async () => {
    const { fam, year, refundId } = await monthlyFamily();
    const pdf = await h.api.get(`/api/statements/pdf/?school_year=${year}`).set(h.auth(fam.token)).buffer(true);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const en = (await pdfText(pdf.body as Buffer)).replace(/\s+/g, ' ');
    expect(en).toContain(`Statement ${year} - Robin Avery`);
    expect(en).toContain(`Tuition ${year}, month 2 of 10`);
    expect(en).toContain('Late fee on month 2 of 10, 1 month late');
    expect(en).toContain('Late fee waived: First time late');
    expect(en).toContain('Refund to card');
    expect(en).toContain(refundId);
    expect(en).toContain('$1,000.00');
    expect(en).toContain('-$50.00');
    expect(en).toContain('Balance: $8,250.00');

    await h.db.query(`UPDATE users SET locale = 'es' WHERE id = $1`, [fam.parent.id]);
    const es = (await pdfText((await h.api.get('/api/statements/pdf/').set(h.auth(fam.token)).buffer(true)).body as Buffer)).replace(/\s+/g, ' ');
    expect(es).toContain(`Estado de cuenta ${year} - Robin Avery`);
    expect(es).toContain(`Matrícula ${year}, mes 2 de 10`);
    expect(es).toContain('Recargo por atraso del mes 2 de 10, 1 mes de atraso');
    expect(es).toContain('Recargo por atraso condonado: First time late');
    expect(es).toContain('Reembolso a la tarjeta');
    expect(es).toContain('Saldo: $8,250.00');
    expect(es).not.toContain('Late fee');
    // The screen's JSON follows the same language.
    const json = await h.api.get('/api/statements/').set(h.auth(fam.token));
    expect((json.body.lines as Line[]).find((l) => l.kind === 'refund')!.description).toBe('Reembolso a la tarjeta');
  });

  it('a parent reads only their own family, staff only their school; others are refused; unknown ids are not found', async () => {
    const { fam, staff, year } = await monthlyFamily();
    const other = await enrollFamily(h, { school: fam.school });
    const get = (token: string | null, query = '') => {
      const req = h.api.get(`/api/statements/${query}`);
      return token ? req.set(h.auth(token)) : req;
    };
    // Another family, asked for by a parent: not found (its existence does not leak).
    expect((await get(other.token, `?family=${fam.parent.id}`)).status).toBe(404);
    expect((await get(other.token, `pdf/?family=${fam.parent.id}`)).status).toBe(404);
    expect((await get(fam.token, `?family=${fam.parent.id}`)).status).toBe(200);
    // Staff of another dual school: not found; a student, a counselor of a school without the Dual School: refused.
    const elsewhere = await h.login(DEMO.admissions);
    expect((await get(elsewhere, `?family=${fam.parent.id}`)).status).toBe(404);
    expect((await get(elsewhere, `pdf/?family=${fam.parent.id}`)).status).toBe(404);
    const studentUser = await h.buildStudent({ school: fam.school });
    const student = await h.tokenFor(studentUser);
    expect((await get(student, `?family=${fam.parent.id}`)).status).toBe(403);
    const counselor = await h.tokenFor(await h.buildStaff({ school: await h.buildSchool() }));
    expect((await get(counselor, `?family=${fam.parent.id}`)).status).toBe(403);
    expect((await get(counselor, `ledger/?school_year=${year}`)).status).toBe(403);
    expect((await get(fam.token, `ledger/?school_year=${year}`)).status).toBe(403);
    expect((await get(null, `?family=${fam.parent.id}`)).status).toBe(401);
    // Unknown and malformed ids and years.
    expect((await get(staff, '?family=99999999')).status).toBe(404);
    // A user who is not a family is no family.
    expect((await get(staff, `?family=${studentUser.id}`)).status).toBe(404);
    const missing = await get(staff, '');
    expect(missing.status).toBe(400);
    expect(missing.body.reason).toBe('ID_INVALID');
    expect((await get(staff, '?family=1e3')).status).toBe(400);
    const badYear = await get(staff, `?family=${fam.parent.id}&school_year=${encodeURIComponent("2026'; DROP")}`);
    expect(badYear.status).toBe(400);
    expect(badYear.body.reason).toBe('SCHOOL_YEAR_LABEL_INVALID');
    const noYear = await get(staff, `?family=${fam.parent.id}&school_year=1999-00`);
    expect(noYear.status).toBe(404);
    expect(noYear.body.reason).toBe('SCHOOL_YEAR_NOT_FOUND');
    expect((await get(staff, 'ledger/?school_year=1999-00')).status).toBe(404);
    expect((await get(staff, 'ledger/')).status).toBe(400);
    // GraphQL answers the same.
    const q = `query($f: Int) { statement(familyId: $f) { familyId } }`;
    expect((await h.gql(q, { f: fam.parent.id }, other.token)).code).toBe('NOT_FOUND');
    expect((await h.gql(q, { f: fam.parent.id }, elsewhere)).code).toBe('NOT_FOUND');
    expect((await h.gql(q, { f: fam.parent.id }, student)).code).toBe('FORBIDDEN');
    expect((await h.gql(q, { f: 99_999_999 }, staff)).code).toBe('NOT_FOUND');
    expect((await h.gql(q, {}, other.token)).data!.statement.familyId).toBe(other.parent.id);
  });
});

describe("the staff's ledger of a school year", () => {
  /** The CSV's rows as objects, read by the project's CSV reader. */
  function parseCsv(text: string): Record<string, string>[] {
    const [header, ...body] = readCsv(text).map((r) => r.fields);
    return body.map((r) => Object.fromEntries(header.map((k, i) => [k, r[i]])));
  }
  const cents = (s: string) => Math.round(Number(s) * 100);

  it("adds up to Stripe's charges and refunds for the same payments", async () => {
    const { fam, staff, year } = await monthlyFamily();
    // A second family of the school paid upfront and was refunded $100 of it; a third paid by check.
    const upfront = await enrollFamily(h, { school: fam.school });
    const start = await h.gql(`mutation { s: createUpfrontCheckoutSession(priceId: "price_local_upfront") { sessionId } }`, {}, upfront.token);
    expect((await h.api.post(`/test-checkout/${start.data!.s.sessionId}/pay`)).status).toBe(303);
    const sdk = await h.services.payments.gateway.stripe();
    const upfrontPaid = await h.db.getRepository(PaymentRecord).findOneByOrFail({ familyId: upfront.parent.id, status: 'paid' });
    await sdk.refunds.create({ payment_intent: upfrontPaid.stripePaymentIntentId!, amount: 10_000 });
    await deliver(h.services.payments.gateway.standIn!.refundEvents());
    const byCheck = await enrollFamily(h, { school: fam.school });
    const [checkDue] = (await h.api.get('/api/payments-due/').set(h.auth(byCheck.token))).body as { id: number }[];
    expect((await h.api.post(`/api/admissions/payments/${checkDue.id}/record-check/`).set(h.auth(staff)).send({})).status).toBe(200);

    const res = await h.api.get(`/api/statements/ledger/?school_year=${year}`).set(h.auth(staff));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ledger-${year}.csv"`);
    const rows = parseCsv(res.text);
    const families = new Set(rows.map((r) => Number(r.family_id)));
    expect([fam.parent.id, upfront.parent.id, byCheck.parent.id].every((id) => families.has(id))).toBe(true);

    // Stripe's figures for every payment intent the ledger names, read through the SDK.
    const card = rows.filter((r) => r.method === 'card');
    const intents = [...new Set(card.filter((r) => r.type === 'payment').map((r) => r.stripe_payment_intent))];
    expect(intents.length).toBeGreaterThanOrEqual(3);
    let received = 0;
    let refunded = 0;
    for (const id of intents) {
      const intent = await sdk.paymentIntents.retrieve(id);
      received += intent.amount_received;
      refunded += (await sdk.charges.retrieve(intent.latest_charge as string)).amount_refunded;
    }
    const sum = (type: string, method: string) => rows.filter((r) => r.type === type && r.method === method).reduce((s, r) => s + cents(r.amount), 0);
    expect(sum('payment', 'card')).toBe(received);
    expect(sum('refund', 'card')).toBe(refunded);
    expect(refunded).toBeGreaterThanOrEqual(35_000);
    // The check is in the ledger, not in Stripe.
    expect(sum('payment', 'check')).toBeGreaterThanOrEqual(950_000);
    expect(rows.filter((r) => r.method === 'check').every((r) => !r.stripe_payment_intent)).toBe(true);
    // The waived late fee is there twice: added and waived.
    expect(rows.filter((r) => Number(r.family_id) === fam.parent.id && ['late_fee', 'waiver'].includes(r.type)).map((r) => [r.type, r.amount])).toEqual([
      ['late_fee', '50.00'],
      ['waiver', '50.00'],
    ]);
    // The descriptions are the statement's, in the reader's language; the columns and types stay the file's.
    const mine = rows.filter((r) => Number(r.family_id) === fam.parent.id);
    const described = (list: Record<string, string>[], type: string) => list.filter((r) => r.type === type).map((r) => r.description);
    expect(described(mine, 'due')).toContain(`Tuition ${year}, month 1 of 10`);
    expect(described(mine, 'payment')).toContain('Payment by card');
    expect(mine.find((r) => r.type === 'late_fee')!.description).toBe('Late fee on month 2 of 10, 1 month late');
    // A Spanish-speaking colleague of the same school reads it in Spanish.
    const colleague = await h.buildStaff({ school: fam.school });
    await h.db.query(`UPDATE users SET locale = 'es' WHERE id = $1`, [colleague.id]);
    const es = parseCsv((await h.api.get(`/api/statements/ledger/?school_year=${year}`).set(h.auth(await h.tokenFor(colleague)))).text).filter(
      (r) => Number(r.family_id) === fam.parent.id,
    );
    expect(es.map((r) => r.amount)).toEqual(mine.map((r) => r.amount));
    expect(described(es, 'due')).toContain(`Matrícula ${year}, mes 1 de 10`);
    expect(described(es, 'payment')).toContain('Pago con tarjeta');
    expect(described(es, 'waiver')).toEqual(['Recargo por atraso condonado: First time late']);
    expect(es.find((r) => r.type === 'late_fee')!.description).toBe('Recargo por atraso del mes 2 de 10, 1 mes de atraso');
    expect(Object.keys(es[0])).toEqual(Object.keys(mine[0]));
    // Another dual school's staff read their own school's ledger: none of these families are in it.
    const theirs = await h.api.get(`/api/statements/ledger/?school_year=${year}`).set(h.auth(await h.login(DEMO.admissions)));
    const theirFamilies = theirs.status === 200 ? parseCsv(theirs.text).map((r) => Number(r.family_id)) : [];
    expect([fam.parent.id, upfront.parent.id, byCheck.parent.id].filter((id) => theirFamilies.includes(id))).toEqual([]);
  });

  it('answers on one database connection, as on the embedded database: the statement, its PDF and the ledger', async () => {
    const { fam, staff, year } = await monthlyFamily();
    const api = await h.appWithOneConnection();
    expect((await api.get('/api/statements/').set(h.auth(fam.token)).timeout(30_000)).status).toBe(200);
    expect((await api.get(`/api/statements/pdf/?family=${fam.parent.id}`).set(h.auth(staff)).timeout(30_000)).status).toBe(200);
    expect((await api.get(`/api/statements/ledger/?school_year=${year}`).set(h.auth(staff)).timeout(30_000)).status).toBe(200);
  });

  it('neutralises cells a spreadsheet would read as a formula', async () => {
    const { fam, staff, year } = await monthlyFamily();
    await h.db.query(`UPDATE users SET first_name = '=HYPERLINK("http://x")', last_name = '+1' WHERE id = $1`, [fam.parent.id]);
    await h.db.query(`UPDATE payments SET waive_reason = '@SUM(A1)' WHERE family_id = $1 AND payment_type = 'late_fee'`, [fam.parent.id]);
    const csv = (await h.api.get(`/api/statements/ledger/?school_year=${year}`).set(h.auth(staff))).text;
    const rows = parseCsv(csv).filter((r) => Number(r.family_id) === fam.parent.id);
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) expect(r.family.startsWith("'=HYPERLINK")).toBe(true);
    expect(rows.find((r) => r.type === 'waiver')!.description).toBe('Late fee waived: @SUM(A1)');
    expect(csv).not.toMatch(/(^|,)[=+@]/m);
  });
});
