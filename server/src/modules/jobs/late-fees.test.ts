/** The daily late-fee job on a real database, with the built-in test checkout (the real webhook path): added once, paid, waived. */
import { describe, expect, it } from 'vitest';
import { DEMO, useHarness } from '../../test/harness.js';
import { enrollFamily, type AcceptedFamily } from '../contracts/contracts.factories.js';
import { Payment, PaymentRecord } from '../payments/payment.entity.js';
import { StripeStandIn } from '../payments/stripe-standin.js';
import { applyLateFees, nextLateFeeRun } from './late-fees.js';

const h = useHarness();

/** The family on the monthly plan through the test checkout; its installments 2..10 then fall due on the 1st of each month of 2031. */
async function monthlyFamily(): Promise<{ fam: AcceptedFamily; month: (n: number) => Promise<Payment> }> {
  const fam = await enrollFamily(h);
  const start = await h.gql(`mutation { createMonthlyCheckoutSession(priceId: "price_local_monthly") { sessionId } }`, {}, fam.token);
  expect(start.errors).toBeUndefined();
  expect((await h.api.post(`/test-checkout/${start.data!.createMonthlyCheckoutSession.sessionId}/pay`)).status).toBe(303);
  await h.db.query(`UPDATE payments SET due_date = make_date(2031, installment, 1) WHERE family_id = $1 AND payment_type = 'monthly' AND status = 'due'`, [
    fam.parent.id,
  ]);
  const month = (n: number) => h.db.getRepository(Payment).findOneByOrFail({ familyId: fam.parent.id, paymentType: 'monthly', installment: n });
  return { fam, month };
}

const fees = (familyId: number) => h.db.getRepository(Payment).find({ where: { familyId, paymentType: 'late_fee' }, order: { lateFeeFor: 'ASC', monthsLate: 'ASC' } });

describe('the daily late-fee job', () => {
  it('adds nothing within the grace period, then one fee per month late, each once however often it runs', async () => {
    const { fam, month } = await monthlyFamily();
    const m2 = await month(2);
    const m3 = await month(3);
    // Grace of 5 days (the default): 1 February + 5 is still on time.
    await applyLateFees(h.db, '2031-02-06');
    expect(await fees(fam.parent.id)).toEqual([]);

    await applyLateFees(h.db, '2031-02-07');
    let rows = await fees(fam.parent.id);
    expect(rows.map((f) => [f.lateFeeFor, f.monthsLate, f.amountCents, f.status, f.dueDate])).toEqual([[m2.id, 1, 5_000, 'due', '2031-02-07']]);
    expect(rows[0].title).toBe(`${'Late fee: ' + m2.title}, 1 month late`);

    // 10 March: month 2 is in its second month late, month 3 past its grace.
    await applyLateFees(h.db, '2031-03-10');
    await applyLateFees(h.db, '2031-03-10');
    await applyLateFees(h.db, '2031-03-20');
    rows = await fees(fam.parent.id);
    expect(rows.map((f) => [f.lateFeeFor, f.monthsLate, f.amountCents])).toEqual([
      [m2.id, 1, 5_000],
      [m2.id, 2, 5_000],
      [m3.id, 1, 5_000],
    ]);
    expect(await applyLateFees(h.db, '2031-03-20')).toBe(0);

    // The family sees each fee with its reason, due now, payable (not auto-pay).
    const due = await h.gql(`{ paymentsDue { id title paymentType amount lateFeeFor monthsLate } }`, {}, fam.token);
    const lateLines = due.data!.paymentsDue.filter((p: { paymentType: string }) => p.paymentType === 'late_fee');
    expect(lateLines).toHaveLength(3);
    expect(lateLines[1]).toMatchObject({ lateFeeFor: m2.id, monthsLate: 2, amount: 50, title: `Late fee: ${m2.title}, 2 months late` });
  });

  it("uses the school's grace period and the contract's percent", async () => {
    const { fam, month } = await monthlyFamily();
    await h.db.query(`UPDATE schools SET late_fee_grace_days = 0 WHERE id = $1`, [fam.school.id]);
    await h.db.query(`UPDATE enrollment_contracts SET terms = jsonb_set(terms, '{lateFeePercentPerMonth}', '3') WHERE parent_id = $1`, [fam.parent.id]);
    await applyLateFees(h.db, '2031-02-02');
    expect((await fees(fam.parent.id)).map((f) => [f.lateFeeFor, f.amountCents])).toEqual([[(await month(2)).id, 3_000]]);
  });

  it('invoice.payment_failed starts the clock of the installment from the failure when that comes first', async () => {
    const { fam, month } = await monthlyFamily();
    const m3 = await month(3);
    const subscription = m3.stripeSubscriptionId!;
    // Month 2's invoice is paid; month 3's fails on 15 February, two weeks before its date.
    const paid = StripeStandIn.event('invoice.paid', StripeStandIn.invoice(subscription, { family_id: String(fam.parent.id) }, 100_000, true));
    const failed = {
      ...StripeStandIn.event('invoice.payment_failed', StripeStandIn.invoice(subscription, { family_id: String(fam.parent.id) }, 100_000, false)),
      created: Date.UTC(2031, 1, 15) / 1000,
    };
    for (const event of [paid, failed]) {
      const payload = JSON.stringify(event);
      const res = await h.api
        .post('/api/stripe/webhook/')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', h.services.payments.gateway.sign(payload))
        .send(payload);
      expect(res.status).toBe(200);
    }
    expect((await month(2)).status).toBe('paid');
    expect((await month(3)).failedAt?.toISOString().slice(0, 10)).toBe('2031-02-15');
    await applyLateFees(h.db, '2031-02-21');
    expect((await fees(fam.parent.id)).map((f) => [f.lateFeeFor, f.monthsLate])).toEqual([[m3.id, 1]]);
  });

  it('is paid through the same checkout, or waived by staff with a reason, who and when kept', async () => {
    const { fam, month } = await monthlyFamily();
    await applyLateFees(h.db, '2031-03-10');
    const [first, second, third] = await fees(fam.parent.id);

    const start = await h.gql(`mutation($id: Int!) { createLateFeeCheckoutSession(paymentId: $id) { sessionId url } }`, { id: first.id }, fam.token);
    expect(start.errors).toBeUndefined();
    const sessionId = start.data!.createLateFeeCheckoutSession.sessionId;
    const page = await h.api.get(`/test-checkout/${sessionId}`);
    expect(page.text).toContain(`${first.title}: $50.00`);
    expect((await h.api.post(`/test-checkout/${sessionId}/pay`)).status).toBe(303);
    expect((await h.db.getRepository(Payment).findOneByOrFail({ id: first.id })).status).toBe('paid');
    const record = await h.db.getRepository(PaymentRecord).findOneByOrFail({ paymentId: first.id });
    expect(record).toMatchObject({ amountCents: 5_000, status: 'paid', method: 'card', title: first.title });
    expect(record.stripePaymentIntentId).toMatch(/^pi_/);
    // A paid fee, an installment, another family's fee: not payable here.
    expect((await h.gql(`mutation($id: Int!) { createLateFeeCheckoutSession(paymentId: $id) { sessionId } }`, { id: first.id }, fam.token)).code).toBe('CONFLICT');
    expect((await h.gql(`mutation($id: Int!) { createLateFeeCheckoutSession(paymentId: $id) { sessionId } }`, { id: (await month(4)).id }, fam.token)).code).toBe(
      'NOT_FOUND',
    );
    const stranger = await enrollFamily(h);
    expect((await h.gql(`mutation($id: Int!) { createLateFeeCheckoutSession(paymentId: $id) { sessionId } }`, { id: second.id }, stranger.token)).code).toBe('NOT_FOUND');

    const staff = await h.buildStaff({ school: fam.school });
    const staffToken = await h.tokenFor(staff);
    const WAIVE = `mutation($id: Int!, $reason: String!) { waiveLateFee(paymentId: $id, reason: $reason) { status waiveReason } }`;
    const blank = await h.gql(WAIVE, { id: second.id, reason: '   ' }, staffToken);
    expect(blank.errors![0].extensions!.reason).toBe('WAIVE_REASON_REQUIRED');
    expect((await h.gql(WAIVE, { id: second.id, reason: 'x'.repeat(501) }, staffToken)).errors![0].extensions!.reason).toBe('WAIVE_REASON_REQUIRED');
    expect((await h.gql(WAIVE, { id: second.id, reason: 'no' }, fam.token)).code).toBe('FORBIDDEN');
    expect((await h.gql(WAIVE, { id: second.id, reason: 'no' }, await h.login(DEMO.admissions))).code).toBe('NOT_FOUND');
    const waived = await h.gql(WAIVE, { id: second.id, reason: 'Bank error, family paid on time.' }, staffToken);
    expect(waived.data!.waiveLateFee).toEqual({ status: 'waived', waiveReason: 'Bank error, family paid on time.' });
    const row = await h.db.getRepository(Payment).findOneByOrFail({ id: second.id });
    expect(row).toMatchObject({ status: 'waived', waivedBy: staff.id, waiveReason: 'Bank error, family paid on time.' });
    expect(row.waivedAt).toBeInstanceOf(Date);
    // Waived or paid: not waivable again; a tuition payment is no late fee.
    expect((await h.gql(WAIVE, { id: second.id, reason: 'again' }, staffToken)).code).toBe('CONFLICT');
    expect((await h.gql(WAIVE, { id: first.id, reason: 'again' }, staffToken)).code).toBe('CONFLICT');
    expect((await h.gql(WAIVE, { id: (await month(5)).id, reason: 'no' }, staffToken)).code).toBe('CONFLICT');
    // What is left due: the third fee only (and the installments).
    const due = await h.api.get('/api/payments-due/').set(h.auth(fam.token));
    expect(due.body.filter((p: { payment_type: string }) => p.payment_type === 'late_fee').map((p: { id: number }) => p.id)).toEqual([third.id]);
  });

  it('runs daily at 06:00 UTC', () => {
    expect(nextLateFeeRun(new Date('2031-03-10T05:59:00Z')).toISOString()).toBe('2031-03-10T06:00:00.000Z');
    expect(nextLateFeeRun(new Date('2031-03-10T06:00:00Z')).toISOString()).toBe('2031-03-11T06:00:00.000Z');
  });
});
