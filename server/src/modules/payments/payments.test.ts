import Stripe from 'stripe';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoaders } from '../../loaders.js';
import { countQueries } from '../../db/query-counter.js';
import { createApolloServer } from '../../graphql/server.js';
import { DEMO, useHarness } from '../../test/harness.js';
import { buildAcceptedParent, enrollFamily, type AcceptedFamily } from '../contracts/contracts.factories.js';
import { CheckoutSessionRow, Payment, PaymentRecord, StripeEventRow } from './payment.entity.js';
import { StripeStandIn, type StandInEvent } from './stripe-standin.js';
import { proposedSchoolYear, schoolYearStartOf } from './pricing.js';
import { buildDualSchool } from '../contracts/contracts.factories.js';

const TODAY = new Date().toISOString().slice(0, 10);
/** The current school year, as the factories' dual schools have it (from today's date). */
const CURRENT = proposedSchoolYear(schoolYearStartOf(TODAY));
const YEAR = CURRENT.label;
/** A date of the year as the family owes it: never before the day they signed (today). */
const owed = (date: string) => (date < TODAY ? TODAY : date);

const h = useHarness();

const SECRET = 'whsec_test_payments_secret';
const PRICES = { upfront: 'price_test_upfront', monthly: 'price_test_monthly' };
const standIn = new StripeStandIn({
  prices: { [PRICES.upfront]: { unitAmount: 950_000, recurring: false }, [PRICES.monthly]: { unitAmount: 100_000, recurring: true } },
  hostedUrl: (id) => `https://checkout.stand-in.test/pay/${id}`,
});
let port = 0;
/** The app configured with Stripe keys, its SDK pointed at the local stand-in. */
let stripeApp: ReturnType<typeof request>;

beforeAll(async () => {
  port = await standIn.listen();
  stripeApp = await h.appWith({
    stripeSecretKey: 'sk_test_payments',
    stripePublishableKey: 'pk_test_payments',
    stripeWebhookSecret: SECRET,
    stripePriceUpfront: PRICES.upfront,
    stripePriceMonthly: PRICES.monthly,
    stripeApiBase: `http://127.0.0.1:${port}`,
  });
});
afterAll(() => standIn.close());

function post(api: ReturnType<typeof request>, path: string, token: string, body: unknown = {}) {
  return api
    .post(path)
    .set(h.auth(token))
    .send(body as object);
}

/** Posts an event to the webhook as Stripe does: raw JSON and a Stripe-Signature header. */
function deliver(event: StandInEvent | Record<string, unknown>, secret = SECRET, tamper?: (payload: string) => string) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return stripeApp
    .post('/api/stripe/webhook/')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', header)
    .send(tamper ? tamper(payload) : payload);
}

async function history(token: string) {
  return (await h.api.get('/api/payment-history/').set(h.auth(token))).body as { id: number; title: string; date: string; amount: number; status: string }[];
}
async function due(token: string) {
  return (await h.api.get('/api/payments-due/').set(h.auth(token))).body as { id: number; title: string; due_date: string; amount: number; payment_type: string }[];
}

/** The receipts emailed to the family, oldest first. */
async function receipts(fam: AcceptedFamily): Promise<{ subject: string; body: string }[]> {
  return h.db.query(
    `SELECT subject, body FROM outbox_messages WHERE recipient = $1 AND channel = 'email' AND subject ~ '^(Payment received|Pago recibido)' ORDER BY created_at, id`,
    [fam.parent.email],
  );
}

async function startUpfront(fam: AcceptedFamily): Promise<string> {
  const res = await post(stripeApp, '/api/create-upfront-checkout-session/', fam.token, { price_id: PRICES.upfront });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.sessionId as string;
}

describe('checkout sessions, through the real Stripe SDK against the local stand-in', () => {
  it('upfront: a payment-mode session for the configured price, tied to the family and its due payment', async () => {
    const fam = await enrollFamily(h);
    const res = await post(stripeApp, '/api/create-upfront-checkout-session/', fam.token, { price_id: PRICES.upfront });
    expect(res.status).toBe(200);
    expect(res.body.sessionId).toMatch(/^cs_test_/);
    expect(res.body.url).toBe(`https://checkout.stand-in.test/pay/${res.body.sessionId}`);

    const sent = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1)!;
    expect(sent.authorization).toBe('Bearer sk_test_payments');
    const payment = await h.db.getRepository(Payment).findOneByOrFail({ familyId: fam.parent.id });
    expect(sent.body).toMatchObject({
      mode: 'payment',
      // The plan's price names the plan; the amount is the contract's year's, sent as price_data.
      line_items: [{ price_data: { currency: 'usd', unit_amount: '950000', product_data: { name: `Tuition ${YEAR} (upfront)` } }, quantity: '1' }],
      customer_email: fam.parent.email,
      metadata: { family_id: String(fam.parent.id), payment_id: String(payment.id), plan: 'annual' },
      success_url: 'http://planner.test/parent-payments?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://planner.test/parent-payments',
    });
    const row = await h.db.getRepository(CheckoutSessionRow).findOneByOrFail({ id: res.body.sessionId });
    expect(row).toMatchObject({ familyId: fam.parent.id, paymentId: payment.id, plan: 'annual', status: 'open' });

    // The stand-in answers the SDK's retrieve too.
    const sdk = new Stripe('sk_test_payments', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
    const fetched = await sdk.checkout.sessions.retrieve(res.body.sessionId);
    expect(fetched.amount_total).toBe(950_000);
  });

  it('monthly: a subscription-mode session whose subscription carries the family', async () => {
    const fam = await enrollFamily(h);
    const res = await post(stripeApp, '/api/create-monthly-checkout-session/', fam.token, { price_id: PRICES.monthly });
    expect(res.status).toBe(200);
    const sent = standIn.requests.at(-1)!;
    expect(sent.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price_data: { unit_amount: '100000', recurring: { interval: 'month' } } }],
      subscription_data: { metadata: { family_id: String(fam.parent.id), plan: 'monthly' } },
    });
  });

  it('refuses a price it does not know, a missing price, and a family with nothing due', async () => {
    const fam = await enrollFamily(h);
    const unknown = await post(stripeApp, '/api/create-upfront-checkout-session/', fam.token, { price_id: 'price_cheap' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('This price is not offered for this payment plan.');
    const swapped = await post(stripeApp, '/api/create-upfront-checkout-session/', fam.token, { price_id: PRICES.monthly });
    expect(swapped.status).toBe(400);
    const missing = await post(stripeApp, '/api/create-monthly-checkout-session/', fam.token, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('price_id is required.');

    const accepted = await buildAcceptedParent(h);
    const nothing = await post(stripeApp, '/api/create-upfront-checkout-session/', accepted.token, { price_id: PRICES.upfront });
    expect(nothing.status).toBe(409);
    expect(nothing.body.error).toBe('No tuition payment is due.');

    const staff = await h.login(DEMO.admissions);
    expect((await post(stripeApp, '/api/create-upfront-checkout-session/', staff, { price_id: PRICES.upfront })).status).toBe(403);
    expect((await stripeApp.post('/api/create-upfront-checkout-session/').send({ price_id: PRICES.upfront })).status).toBe(401);
  });

  it('answers 503 with a readable message when the provider is unreachable', async () => {
    const fam = await enrollFamily(h);
    const offline = await h.appWith({
      stripeSecretKey: 'sk_test_x',
      stripePriceUpfront: PRICES.upfront,
      stripePriceMonthly: PRICES.monthly,
      stripeApiBase: 'http://127.0.0.1:9',
    });
    const res = await post(offline, '/api/create-upfront-checkout-session/', fam.token, { price_id: PRICES.upfront });
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('The payment provider could not start the checkout. Please try again.');
  });

  it('the client reads the prices and publishable key from the config query', async () => {
    const res = await stripeApp.post('/graphql').send({ query: '{ checkoutConfig { publishableKey upfrontPriceId monthlyPriceId testCheckout upfrontCents } }' });
    expect(res.body.data.checkoutConfig).toEqual({
      publishableKey: 'pk_test_payments',
      upfrontPriceId: PRICES.upfront,
      monthlyPriceId: PRICES.monthly,
      testCheckout: false,
      upfrontCents: 950_000,
    });
  });
});

describe('POST /api/stripe/webhook/', () => {
  it('checkout.session.completed marks the annual tuition paid and adds a history row', async () => {
    const fam = await enrollFamily(h);
    const sessionId = await startUpfront(fam);
    const [completed] = standIn.complete(sessionId);
    const res = await deliver(completed);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, duplicate: false });

    expect(await due(fam.token)).toEqual([]);
    const rows = await history(fam.token);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: `Tuition ${YEAR}`, amount: 9500, status: 'paid' });
    expect(rows[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const payment = await h.db.getRepository(Payment).findOneByOrFail({ familyId: fam.parent.id });
    expect(payment.status).toBe('paid');
    expect((await h.db.getRepository(CheckoutSessionRow).findOneByOrFail({ id: sessionId })).status).toBe('complete');
    // The family's receipt, with Stripe's reference for the payment.
    const record = await h.db.getRepository(PaymentRecord).findOneByOrFail({ familyId: fam.parent.id });
    const [receipt, ...more] = await receipts(fam);
    expect(more).toEqual([]);
    expect(receipt.subject).toBe('Payment received: $9,500.00');
    expect(receipt.body).toContain(`We received your payment of $9,500.00 for Tuition ${YEAR} on `);
    expect(receipt.body).toContain(', by card.');
    expect(receipt.body).toContain(`Reference: ${record.stripePaymentIntentId ?? sessionId}`);
    expect(receipt.body).toContain('http://planner.test/parent-payments');
  });

  it('a bad, missing or stale signature, or a tampered body, gets 400 and changes nothing', async () => {
    const fam = await enrollFamily(h);
    const sessionId = await startUpfront(fam);
    const [completed] = standIn.complete(sessionId);

    const wrongSecret = await deliver(completed, 'whsec_not_ours');
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.error).toBe('Invalid Stripe signature.');
    const tampered = await deliver(completed, SECRET, (p) => p.replace('"amount_total":950000', '"amount_total":1'));
    expect(tampered.status).toBe(400);
    const unsigned = await stripeApp.post('/api/stripe/webhook/').set('Content-Type', 'application/json').send(JSON.stringify(completed));
    expect(unsigned.status).toBe(400);
    const payload = JSON.stringify(completed);
    const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const old = await stripeApp.post('/api/stripe/webhook/').set('Content-Type', 'application/json').set('Stripe-Signature', stale).send(payload);
    expect(old.status).toBe(400);

    expect(await h.db.getRepository(StripeEventRow).countBy({ id: completed.id })).toBe(0);
    expect(await history(fam.token)).toEqual([]);
    expect(await due(fam.token)).toHaveLength(1);
  });

  it('a replayed event, or the same session reported again, changes nothing twice', async () => {
    const fam = await enrollFamily(h);
    const sessionId = await startUpfront(fam);
    const [completed] = standIn.complete(sessionId);
    expect((await deliver(completed)).body.duplicate).toBe(false);
    const replay = await deliver(completed);
    expect(replay.status).toBe(200);
    expect(replay.body.duplicate).toBe(true);
    // Stripe may report the same session in another event (e.g. async_payment_succeeded).
    const again = StripeStandIn.event('checkout.session.async_payment_succeeded', completed.data.object);
    expect((await deliver(again)).body.duplicate).toBe(false);
    expect(await h.db.getRepository(PaymentRecord).countBy({ familyId: fam.parent.id })).toBe(1);
    expect(await receipts(fam)).toHaveLength(1);
  });

  it('monthly plan, out of order: the first invoice before its session, failures, retries and late reports', async () => {
    const fam = await enrollFamily(h);
    const res = await post(stripeApp, '/api/create-monthly-checkout-session/', fam.token, { price_id: PRICES.monthly });
    const [completed, firstInvoice] = standIn.complete(res.body.sessionId);
    const subscription = (completed.data.object as { subscription: string }).subscription;

    // invoice.paid arrives first: the ten installments are created and the first is paid.
    expect((await deliver(firstInvoice)).status).toBe(200);
    let upcoming = await due(fam.token);
    expect(upcoming).toHaveLength(9);
    expect(upcoming.every((p) => p.payment_type === 'monthly' && p.amount === 1000)).toBe(true);
    expect(upcoming[0]).toMatchObject({ title: `Tuition ${YEAR} (month 2 of 10)`, due_date: owed(CURRENT.monthlyDueDates[1]) });
    expect(upcoming[8]).toMatchObject({ title: `Tuition ${YEAR} (month 10 of 10)`, due_date: owed(CURRENT.monthlyDueDates[9]) });
    const annual = await h.db.getRepository(Payment).findOneByOrFail({ familyId: fam.parent.id, paymentType: 'annual' });
    expect(annual.status).toBe('cancelled');

    // The session completes afterwards: nothing is duplicated.
    await deliver(completed);
    expect(await h.db.getRepository(Payment).countBy({ familyId: fam.parent.id, paymentType: 'monthly' })).toBe(10);
    expect(await history(fam.token)).toHaveLength(1);

    // Month 2 fails, then its retry succeeds; a late copy of the failure changes nothing.
    const meta = { family_id: String(fam.parent.id), plan: 'monthly' };
    const second = StripeStandIn.invoice(subscription, meta, 100_000, false);
    await deliver(StripeStandIn.event('invoice.payment_failed', second));
    let rows = await history(fam.token);
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'paid']);
    expect(rows.find((r) => r.status === 'failed')).toMatchObject({ title: `Tuition ${YEAR} (month 2 of 10)`, amount: 1000 });
    expect(await due(fam.token)).toHaveLength(9);

    await deliver(StripeStandIn.event('invoice.paid', { ...second, amount_paid: 100_000, status: 'paid' }));
    upcoming = await due(fam.token);
    expect(upcoming).toHaveLength(8);
    expect(upcoming[0].title).toBe(`Tuition ${YEAR} (month 3 of 10)`);
    await deliver(StripeStandIn.event('invoice.payment_failed', second));
    rows = await history(fam.token);
    expect(rows.filter((r) => r.status === 'failed')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'paid')).toHaveLength(2);
    // A receipt per installment paid; none for the failure or the late report.
    expect((await receipts(fam)).map((r) => r.subject)).toEqual(['Payment received: $1,000.00', 'Payment received: $1,000.00']);
  });

  it('ignores signed events about sessions and subscriptions that are not ours', async () => {
    const stray = StripeStandIn.event('invoice.paid', StripeStandIn.invoice('sub_unknown', {}, 100_000, true));
    const res = await deliver(stray);
    expect(res.status).toBe(200);
    expect(await h.db.getRepository(PaymentRecord).countBy({ stripeInvoiceId: (stray.data.object as { id: string }).id })).toBe(0);
  });
});

describe('the built-in test checkout (no Stripe keys)', () => {
  it('Pay sends the signed events to the webhook and returns to /parent-payments with the session id', async () => {
    const fam = await enrollFamily(h);
    const config = await h.gql(`{ checkoutConfig { upfrontPriceId testCheckout } }`);
    expect(config.data!.checkoutConfig).toEqual({ upfrontPriceId: 'price_local_upfront', testCheckout: true });
    const start = await post(h.api, '/api/create-upfront-checkout-session/', fam.token, { price_id: 'price_local_upfront' });
    expect(start.status).toBe(200);
    expect(start.body.url).toBe(`http://planner.test/test-checkout/${start.body.sessionId}`);

    const page = await h.api.get(`/test-checkout/${start.body.sessionId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Tuition paid upfront: $9,500.00');
    expect(page.text).toContain('>Pay</button>');

    const paid = await h.api.post(`/test-checkout/${start.body.sessionId}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`http://planner.test/parent-payments?session_id=${start.body.sessionId}`);
    expect(await due(fam.token)).toEqual([]);
    expect((await history(fam.token))[0]).toMatchObject({ title: `Tuition ${YEAR}`, amount: 9500, status: 'paid' });
    // The session is over: paying again does nothing.
    await h.api.post(`/test-checkout/${start.body.sessionId}/pay`);
    expect(await history(fam.token)).toHaveLength(1);
  });

  it('Cancel expires the session and leaves the tuition due', async () => {
    const fam = await enrollFamily(h);
    const start = await post(h.api, '/api/create-monthly-checkout-session/', fam.token, { price_id: 'price_local_monthly' });
    const cancelled = await h.api.post(`/test-checkout/${start.body.sessionId}/cancel`);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.location).toBe('http://planner.test/parent-payments');
    expect((await h.db.getRepository(CheckoutSessionRow).findOneByOrFail({ id: start.body.sessionId })).status).toBe('expired');
    expect(await due(fam.token)).toHaveLength(1);
    expect((await h.api.get('/test-checkout/cs_test_nothing')).status).toBe(404);
  });

  it('is not served when Stripe keys are configured', async () => {
    expect((await stripeApp.get('/test-checkout/cs_test_anything')).text).not.toContain('Test checkout');
  });
});

describe('who sees payments', () => {
  it('each family sees only its own; staff and students are refused the family calls', async () => {
    const a = await enrollFamily(h);
    const b = await enrollFamily(h, { school: a.school });
    const aDue = await due(a.token);
    const bDue = await due(b.token);
    expect(aDue).toHaveLength(1);
    expect(bDue).toHaveLength(1);
    expect(aDue[0].id).not.toBe(bDue[0].id);
    const staff = await h.buildStaff({ school: a.school });
    expect((await h.api.get('/api/payments-due/').set(h.auth(await h.tokenFor(staff)))).status).toBe(403);
    expect((await h.api.get('/api/payment-history/')).status).toBe(401);
  });
});

describe('dual-school staff', () => {
  it('see each family with its payments and contract, in a constant number of SQL statements', async () => {
    const school = await buildDualSchool(h);
    const staff = await h.buildStaff({ school });
    const token = await h.tokenFor(staff);
    const query = `{ dualSchoolFamilies(first: 50) { totalCount nodes { parentName email applicationStatus payments { title amount status paymentType } contract { status pdfUrl } } } }`;
    const apollo = await createApolloServer(h.config);
    const run = async () => {
      const caller = await h.services.accounts.authenticate(token);
      const ctx = { caller, ip: 'test', db: h.db, config: h.config, services: h.services, loaders: createLoaders(h.db) };
      const { statements, result } = await countQueries(() => apollo.executeOperation({ query }, { contextValue: ctx }));
      const body = result.body.kind === 'single' ? result.body.singleResult : null;
      return {
        statements: statements.length,
        data: body?.data as { dualSchoolFamilies: { totalCount: number; nodes: { payments: unknown[]; contract: { status: string } | null }[] } },
      };
    };
    await enrollFamily(h, { school });
    await buildAcceptedParent(h, { school });
    const small = await run();
    expect(small.data.dualSchoolFamilies.totalCount).toBe(2);
    expect(small.data.dualSchoolFamilies.nodes[0].payments).toEqual([{ title: `Tuition ${YEAR}`, amount: 10000, status: 'due', paymentType: 'annual' }]);
    expect(small.data.dualSchoolFamilies.nodes[0].contract!.status).toBe('completed');
    expect(small.data.dualSchoolFamilies.nodes[1]).toMatchObject({ payments: [], contract: { status: 'unsigned' } });
    for (let i = 0; i < 4; i++) await enrollFamily(h, { school });
    const large = await run();
    expect(large.data.dualSchoolFamilies.totalCount).toBe(6);
    expect(large.statements).toBe(small.statements);
    await apollo.stop();
  });

  it('record a received check: the payment is paid at the check price and shows in the history', async () => {
    const fam = await enrollFamily(h);
    const staff = await h.buildStaff({ school: fam.school });
    const staffToken = await h.tokenFor(staff);
    const [payment] = await due(fam.token);

    const list = await h.api.get('/api/admissions/payments/').set(h.auth(staffToken));
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        parent_id: fam.parent.id,
        parent_name: 'Robin Avery',
        email: fam.parent.email,
        application_status: 'enrolled',
        payments: [
          { id: payment.id, title: `Tuition ${YEAR}`, due_date: owed(CURRENT.tuitionDueOn), amount: 10000, payment_type: 'annual', status: 'due', paid_at: null },
        ],
      },
    ]);

    const other = await h.login(DEMO.admissions); // staff of another dual school
    expect((await post(h.api, `/api/admissions/payments/${payment.id}/record-check/`, other)).status).toBe(404);
    expect((await post(h.api, `/api/admissions/payments/${payment.id}/record-check/`, fam.token)).status).toBe(403);
    const lincoln = await h.login(DEMO.admin);
    expect((await h.api.get('/api/admissions/payments/').set(h.auth(lincoln))).status).toBe(403);

    await h.db.query(`UPDATE users SET locale = 'es' WHERE id = $1`, [fam.parent.id]);
    const res = await post(h.api, `/api/admissions/payments/${payment.id}/record-check/`, staffToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: payment.id, status: 'paid' });
    expect(await due(fam.token)).toEqual([]);
    expect((await history(fam.token))[0]).toMatchObject({ title: `Tuition ${YEAR}`, amount: 9500, status: 'paid' });
    const record = await h.db.getRepository(PaymentRecord).findOneByOrFail({ familyId: fam.parent.id });
    expect(record).toMatchObject({ method: 'check', recordedBy: staff.id });
    // The receipt is in the parent's language, and names the check and the record.
    const [receipt, ...more] = await receipts(fam);
    expect(more).toEqual([]);
    expect(receipt.subject).toBe('Pago recibido: $9,500.00');
    expect(receipt.body).toContain(`Recibimos su pago de $9,500.00 por Tuition ${YEAR} el `);
    expect(receipt.body).toContain(', con cheque.');
    expect(receipt.body).toContain(`Referencia: #${record.id}`);

    const twice = await post(h.api, `/api/admissions/payments/${payment.id}/record-check/`, staffToken);
    expect(twice.status).toBe(409);
    const gql = await h.gql(`mutation($id: Int!) { recordCheckPayment(paymentId: $id) { status } }`, { id: payment.id }, staffToken);
    expect(gql.code).toBe('CONFLICT');
  });
});
