/** Withdrawals and refunds on a real database, the app's Stripe SDK against the built-in stand-in (the test checkout's). */
import { describe, expect, it } from 'vitest';
import { DEMO, useHarness } from '../../test/harness.js';
import { User } from '../accounts/user.entity.js';
import { enrollFamily, type AcceptedFamily } from '../contracts/contracts.factories.js';
import { EnrollmentContract } from '../contracts/enrollment-contract.entity.js';
import { applyLateFees } from '../jobs/late-fees.js';
import { Payment, PaymentRecord } from './payment.entity.js';
import { addDays } from './pricing.js';
import { Withdrawal } from './withdrawal.entity.js';

const h = useHarness();
const TODAY = new Date().toISOString().slice(0, 10);

const QUOTE = `query($p: Int!, $i: WithdrawalInputType!) { withdrawalQuote(parentId: $p, input: $i) { rule percent paidCents partnerPaymentsCents refundCents daysEnrolled enrolledOn } }`;
const RECORD = `mutation($p: Int!, $i: WithdrawalInputType!, $c: Int!) { recordWithdrawal(parentId: $p, input: $i, confirmRefundCents: $c) { rule refundCents } }`;

/** A family that paid by the test checkout (upfront or the first month), enrolled `daysAgo` days ago. */
async function paidFamily(plan: 'annual' | 'monthly', daysAgo: number): Promise<AcceptedFamily> {
  const fam = await enrollFamily(h);
  const mutation = plan === 'annual' ? 'createUpfrontCheckoutSession(priceId: "price_local_upfront")' : 'createMonthlyCheckoutSession(priceId: "price_local_monthly")';
  const start = await h.gql(`mutation { s: ${mutation} { sessionId } }`, {}, fam.token);
  expect((await h.api.post(`/test-checkout/${start.data!.s.sessionId}/pay`)).status).toBe(303);
  // The clock moved in the test: the contract was completed `daysAgo` days ago.
  await h.db.query(`UPDATE enrollment_contracts SET completed_at = completed_at - make_interval(days => $2) WHERE parent_id = $1`, [fam.parent.id, daysAgo]);
  return fam;
}

async function staffToken(fam: AcceptedFamily) {
  return h.tokenFor(await h.buildStaff({ school: fam.school }));
}

const refunds = (familyId: number) => h.db.getRepository(PaymentRecord).find({ where: { familyId, status: 'refunded' }, order: { id: 'ASC' } });

describe('a withdrawal: the refund by the contract rule, shown, then issued through Stripe', () => {
  it.each([
    ['day 3, no partner payments: 100%', 3, 0, false, 'full', 100, 950_000],
    ['day 3, one course paid to a partner: 100% less $399', 3, 39_900, false, 'full', 100, 910_100],
    ['day 20, no partner payments: 50%', 20, 0, false, 'half', 50, 475_000],
    ['day 20, two courses paid to partners: 50% less $798', 20, 79_800, false, 'half', 50, 395_200],
    ['day 40: nothing', 40, 39_900, false, 'none', 0, 0],
    ['day 40, the university guarantee: everything paid less direct course costs', 40, 79_800, true, 'guarantee', 100, 870_200],
  ])('%s', async (_name, day, partner, guarantee, rule, percent, refund) => {
    const fam = await paidFamily('annual', day);
    const token = await staffToken(fam);
    const input = { withdrawnOn: TODAY, reason: 'Family moving abroad', partnerPaymentsCents: partner, guarantee };
    const quote = await h.gql(QUOTE, { p: fam.parent.id, i: input }, token);
    expect(quote.errors).toBeUndefined();
    expect(quote.data!.withdrawalQuote).toEqual({
      rule,
      percent,
      paidCents: 950_000,
      partnerPaymentsCents: partner,
      refundCents: refund,
      daysEnrolled: day,
      enrolledOn: addDays(TODAY, -day),
    });
    // Nothing is saved by a quote.
    expect(await h.db.getRepository(Withdrawal).countBy({ familyId: fam.parent.id })).toBe(0);

    const standIn = h.services.payments.gateway.standIn!;
    const before = standIn.requests.filter((r) => r.path === '/v1/refunds').length;
    const done = await h.gql(RECORD, { p: fam.parent.id, i: input, c: refund }, token);
    expect(done.errors).toBeUndefined();
    expect(done.data!.recordWithdrawal).toEqual({ rule, refundCents: refund });
    const sent = standIn.requests.filter((r) => r.path === '/v1/refunds');
    expect(sent.length - before).toBe(refund > 0 ? 1 : 0);
    if (refund > 0) expect(sent.at(-1)!.body).toMatchObject({ amount: String(refund), payment_intent: expect.stringMatching(/^pi_/) });

    const rows = await refunds(fam.parent.id);
    expect(rows.map((r) => r.amountCents)).toEqual(refund > 0 ? [refund] : []);
    if (refund > 0) expect(rows[0].stripeRefundId).toMatch(/^re_/);
    expect((await h.db.getRepository(EnrollmentContract).findOneByOrFail({ parentId: fam.parent.id })).endedAt).toBeInstanceOf(Date);
    expect((await h.db.getRepository(User).findOneByOrFail({ id: fam.parent.id })).applicationStatus).toBe('withdrawn');
    // Staff still list the family, withdrawn, to read its refund.
    const listed = await h.gql(`{ dualSchoolFamilies(first: 100) { nodes { parentId applicationStatus } } }`, {}, token);
    expect(listed.data!.dualSchoolFamilies.nodes).toContainEqual({ parentId: fam.parent.id, applicationStatus: 'withdrawn' });

    // The family sees the refund and its calculation.
    const mine = await h.gql(`{ myWithdrawals { rule percent paidCents partnerPaymentsCents refundCents reason withdrawnOn } }`, {}, fam.token);
    expect(mine.data!.myWithdrawals).toEqual([
      { rule, percent, paidCents: 950_000, partnerPaymentsCents: partner, refundCents: refund, reason: 'Family moving abroad', withdrawnOn: TODAY },
    ]);
    const history = await h.api.get('/api/payment-history/').set(h.auth(fam.token));
    expect(history.body.filter((r: { status: string }) => r.status === 'refunded').map((r: { amount: number }) => r.amount)).toEqual(refund > 0 ? [refund / 100] : []);
  });

  it('the monthly plan: the installments paid are refunded, the rest cancelled, the subscription cancelled; late fees stop', async () => {
    const fam = await paidFamily('monthly', 2);
    const token = await staffToken(fam);
    const input = { withdrawnOn: TODAY, reason: 'Health' };
    const quote = await h.gql(QUOTE, { p: fam.parent.id, i: input }, token);
    expect(quote.data!.withdrawalQuote).toMatchObject({ rule: 'full', paidCents: 100_000, refundCents: 100_000 });
    const done = await h.gql(RECORD, { p: fam.parent.id, i: input, c: 100_000 }, token);
    expect(done.errors).toBeUndefined();
    const sub = (await h.db.getRepository(Payment).findOneByOrFail({ familyId: fam.parent.id, installment: 1 })).stripeSubscriptionId!;
    expect(h.services.payments.gateway.standIn!.cancelledSubscriptions.has(sub)).toBe(true);
    expect(await h.db.getRepository(Payment).countBy({ familyId: fam.parent.id, status: 'due' })).toBe(0);
    expect(await applyLateFees(h.db, addDays(TODAY, 400))).toBeGreaterThanOrEqual(0);
    expect(await h.db.getRepository(Payment).countBy({ familyId: fam.parent.id, paymentType: 'late_fee' })).toBe(0);
  });

  it('the database holds only the statuses the screens know: withdrawn is one, a misspelt status is refused', async () => {
    const parent = await h.buildParent({ school: await h.buildSchool() });
    await h.db.query(`UPDATE users SET application_status = 'withdrawn' WHERE id = $1`, [parent.id]);
    await expect(h.db.query(`UPDATE users SET application_status = 'withdrawed' WHERE id = $1`, [parent.id])).rejects.toThrow(/users_application_status_check/);
    expect((await h.db.getRepository(User).findOneByOrFail({ id: parent.id })).applicationStatus).toBe('withdrawn');
  });

  it('tuition paid by check is refunded by check (recorded for the school to mail), not through Stripe', async () => {
    const fam = await enrollFamily(h);
    const token = await staffToken(fam);
    const [due] = (await h.api.get('/api/payments-due/').set(h.auth(fam.token))).body as { id: number }[];
    expect((await h.api.post(`/api/admissions/payments/${due.id}/record-check/`).set(h.auth(token)).send({})).status).toBe(200);
    const before = h.services.payments.gateway.standIn!.requests.filter((r) => r.path === '/v1/refunds').length;
    const done = await h.gql(RECORD, { p: fam.parent.id, i: { withdrawnOn: TODAY, reason: 'Changed schools' }, c: 950_000 }, token);
    expect(done.errors).toBeUndefined();
    expect(h.services.payments.gateway.standIn!.requests.filter((r) => r.path === '/v1/refunds').length).toBe(before);
    expect((await refunds(fam.parent.id)).map((r) => [r.amountCents, r.method, r.stripeRefundId])).toEqual([[950_000, 'check', null]]);
  });

  it('charge.refunded webhooks reconcile: a refund is recorded once, replays change nothing', async () => {
    const fam = await paidFamily('annual', 1);
    const token = await staffToken(fam);
    const standIn = h.services.payments.gateway.standIn!;
    standIn.refundEvents(); // earlier tests' events
    await h.gql(RECORD, { p: fam.parent.id, i: { withdrawnOn: TODAY, reason: 'Moving' }, c: 950_000 }, token);
    const events = standIn.refundEvents();
    expect(events.map((e) => e.type)).toEqual(['charge.refunded']);
    for (const event of [...events, ...events]) {
      const payload = JSON.stringify(event);
      const res = await h.api
        .post('/api/stripe/webhook/')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', h.services.payments.gateway.sign(payload))
        .send(payload);
      expect(res.status).toBe(200);
    }
    expect((await refunds(fam.parent.id)).map((r) => r.amountCents)).toEqual([950_000]);
    // A refund made in Stripe's dashboard (not through the app) is recorded from its event, once.
    const other = await paidFamily('annual', 1);
    const record = await h.db.getRepository(PaymentRecord).findOneByOrFail({ familyId: other.parent.id, status: 'paid' });
    const sdk = await h.services.payments.gateway.stripe();
    await sdk.refunds.create({ payment_intent: record.stripePaymentIntentId!, amount: 10_000 });
    for (const event of standIn.refundEvents()) {
      const payload = JSON.stringify(event);
      await h.api.post('/api/stripe/webhook/').set('Content-Type', 'application/json').set('Stripe-Signature', h.services.payments.gateway.sign(payload)).send(payload);
    }
    expect((await refunds(other.parent.id)).map((r) => r.amountCents)).toEqual([10_000]);
    // The stand-in refuses more than is left of a payment, as Stripe does.
    await expect(sdk.refunds.create({ payment_intent: record.stripePaymentIntentId!, amount: 950_000 })).rejects.toThrow(/greater than unrefunded amount/);
  });

  it('refuses a refund that changed since it was shown, bad input, a second withdrawal, families not enrolled, and anyone but the school staff', async () => {
    const fam = await paidFamily('annual', 3);
    const token = await staffToken(fam);
    const input = { withdrawnOn: TODAY, reason: 'Moving' };
    const changed = await h.gql(RECORD, { p: fam.parent.id, i: input, c: 100 }, token);
    expect(changed.code).toBe('CONFLICT');
    expect(changed.errors![0].extensions!.reason).toBe('WITHDRAWAL_QUOTE_CHANGED');
    expect(await h.db.getRepository(Withdrawal).countBy({ familyId: fam.parent.id })).toBe(0);

    for (const [bad, reason] of [
      [{ ...input, withdrawnOn: '2026-13-01' }, 'WITHDRAWAL_DATE_INVALID'],
      [{ ...input, withdrawnOn: addDays(TODAY, 1) }, 'WITHDRAWAL_DATE_INVALID'],
      [{ ...input, withdrawnOn: addDays(TODAY, -30) }, 'WITHDRAWAL_DATE_INVALID'],
      [{ ...input, reason: ' ' }, 'WITHDRAWAL_REASON_REQUIRED'],
      [{ ...input, partnerPaymentsCents: -1 }, 'WITHDRAWAL_PARTNER_PAYMENTS_INVALID'],
    ] as const) {
      const res = await h.gql(QUOTE, { p: fam.parent.id, i: bad }, token);
      expect(res.errors![0].extensions!.reason, JSON.stringify(bad)).toBe(reason);
    }
    expect((await h.gql(QUOTE, { p: fam.parent.id, i: input }, fam.token)).code).toBe('FORBIDDEN');
    expect((await h.gql(QUOTE, { p: fam.parent.id, i: input }, await h.login(DEMO.admissions))).code).toBe('NOT_FOUND');
    expect((await h.gql(QUOTE, { p: 99_999_999, i: input }, token)).code).toBe('NOT_FOUND');
    expect((await h.gql(QUOTE, { p: fam.parent.id, i: input })).code).toBe('UNAUTHENTICATED');

    expect((await h.gql(RECORD, { p: fam.parent.id, i: input, c: 950_000 }, token)).errors).toBeUndefined();
    const twice = await h.gql(RECORD, { p: fam.parent.id, i: input, c: 950_000 }, token);
    expect(twice.errors![0].extensions!.reason).toBe('WITHDRAWAL_RECORDED');
    expect((await refunds(fam.parent.id)).map((r) => r.amountCents)).toEqual([950_000]);

    const accepted = await h.buildParent({ school: fam.school, applicationStatus: 'accepted' });
    expect((await h.gql(QUOTE, { p: accepted.id, i: input }, token)).errors![0].extensions!.reason).toBe('WITHDRAWAL_NOT_ENROLLED');
  });
});
