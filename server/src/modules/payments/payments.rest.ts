import express, { type Express, type Request, type Response, type Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import { apiErrorHandler } from '../../core/http.js';
import { because, notFound } from '../../core/errors.js';
import { toDollars } from './pricing.js';
import type { Payment } from './payment.entity.js';
import { checkPrice } from './payment-input.js';

/** Amounts in REST answers are dollars as numbers (9500), as the screens show them. */
const staffPayment = (p: Payment) => ({
  id: p.id,
  title: p.title,
  due_date: p.dueDate,
  amount: toDollars(p.amountCents),
  payment_type: p.paymentType,
  status: p.status,
  paid_at: p.paidAt?.toISOString() ?? null,
});

export function mountPaymentRoutes(r: Router, deps: AppDeps): void {
  const { payments } = deps.services;

  route(r, deps, 'get', '/payments-due/', 'paymentsDue', async (ctx) =>
    (await payments.paymentsDue(ctx)).map((p) => ({
      id: p.id,
      title: p.title,
      due_date: p.dueDate,
      amount: toDollars(p.amountCents),
      payment_type: p.paymentType,
      school_year: p.schoolYear,
      ...(p.lateFeeFor !== null ? { late_fee_for: p.lateFeeFor, months_late: p.monthsLate } : {}),
    })),
  );

  route(r, deps, 'get', '/payment-history/', 'paymentHistory', async (ctx) =>
    (await payments.paymentHistory(ctx)).map((p) => ({ id: p.id, title: p.title, date: p.date, amount: toDollars(p.amountCents), status: p.status })),
  );

  route(r, deps, 'post', '/create-upfront-checkout-session/', 'createUpfrontCheckoutSession', (ctx, req) =>
    payments.createCheckoutSession(ctx, 'annual', checkPrice(req.body)),
  );

  route(r, deps, 'post', '/create-monthly-checkout-session/', 'createMonthlyCheckoutSession', (ctx, req) =>
    payments.createCheckoutSession(ctx, 'monthly', checkPrice(req.body)),
  );

  route(r, deps, 'get', '/payment-config/', 'checkoutConfig', async (ctx) => {
    const c = await payments.checkoutConfig(ctx);
    return { publishable_key: c.publishableKey, upfront_price_id: c.upfrontPriceId, monthly_price_id: c.monthlyPriceId, test_checkout: c.testCheckout };
  });

  /** Dual-school staff: families and their payments, paged with ?page_size= and ?cursor=. */
  route(r, deps, 'get', '/admissions/payments/', 'dualSchoolFamilies', async (ctx, req, res) => {
    const first = req.query.page_size ? Number(req.query.page_size) || 50 : 50;
    const page = await payments.families(ctx, { first, after: typeof req.query.cursor === 'string' ? req.query.cursor : null });
    if (page.hasNextPage && page.endCursor) res.setHeader('X-Next-Cursor', page.endCursor);
    const lists = await ctx.loaders.paymentsByFamily.loadMany(page.nodes.map((f) => f.parentId));
    return page.nodes.map((f, i) => ({
      parent_id: f.parentId,
      parent_name: f.parentName,
      email: f.email,
      application_status: f.applicationStatus,
      payments: (lists[i] instanceof Error ? [] : (lists[i] as Payment[])).map(staffPayment),
    }));
  });

  route(r, deps, 'post', '/admissions/payments/:id/record-check/', 'recordCheckPayment', async (ctx, req) =>
    staffPayment(await payments.recordCheck(ctx, req.params.id)),
  );
}

/**
 * Mounted before the JSON parser: the Stripe webhook needs the raw body to verify its signature.
 * Also the built-in test checkout pages, served only when no Stripe keys are configured.
 */
export function mountPaymentPages(app: Express, deps: AppDeps): void {
  const { payments } = deps.services;
  const webhook = express.Router();
  webhook.post('/api/stripe/webhook/', express.raw({ type: '*/*', limit: '1mb' }), async (req, res, next) => {
    try {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      res.json(await payments.handleWebhook(body, req.headers['stripe-signature']));
    } catch (e) {
      next(e);
    }
  });
  webhook.use(apiErrorHandler);
  app.use(webhook);

  const pages = express.Router();
  pages.use((_req, _res, next) => (payments.gateway.testCheckout ? next() : next('router')));
  pages.get('/test-checkout/:id', async (req, res) => {
    const session = await payments.testCheckoutSession(String(req.params.id));
    if (!session) {
      res
        .status(404)
        .type('html')
        .send(page('Checkout not found', '<p>This checkout does not exist or has ended. Return to <a href="/parent-payments">Payments</a>.</p>'));
      return;
    }
    const amount = `$${(session.amount_total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    const lateFee = session.metadata.plan === 'late_fee' ? session.line_items_data[0]?.name : undefined;
    const what = lateFee ? `${lateFee}: ${amount}` : session.mode === 'subscription' ? `Tuition monthly plan: ${amount} per month` : `Tuition paid upfront: ${amount}`;
    const open = session.status === 'open';
    res.type('html').send(
      page(
        'Test checkout',
        `
      <p class="note">Test mode: no Stripe keys are configured, so this page stands in for Stripe's hosted checkout. No card is charged.</p>
      <p><strong>${escapeHtml(what)}</strong></p>
      <p>Billed to ${escapeHtml(session.customer_email ?? '')}</p>
      ${
        open
          ? `<div class="row">
        <form method="post" action="/test-checkout/${session.id}/pay"><button type="submit">Pay</button></form>
        <form method="post" action="/test-checkout/${session.id}/cancel"><button type="submit" class="secondary">Cancel</button></form>
      </div>`
          : `<p>This checkout is ${session.status}. Return to <a href="/parent-payments">Payments</a>.</p>`
      }`,
      ),
    );
  });
  const finish = (action: 'pay' | 'cancel') => async (req: Request, res: Response, next: (e?: unknown) => void) => {
    try {
      if (!(await payments.testCheckoutSession(String(req.params.id)))) throw notFound(because('TEST_CHECKOUT_NOT_FOUND'));
      const webhookUrl = `http://127.0.0.1:${req.socket.localPort}/api/stripe/webhook/`;
      res.redirect(303, await payments.finishTestCheckout(String(req.params.id), action, webhookUrl));
    } catch (e) {
      next(e);
    }
  };
  pages.post('/test-checkout/:id/pay', finish('pay'));
  pages.post('/test-checkout/:id/cancel', finish('cancel'));
  pages.use(apiErrorHandler);
  app.use(pages);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} - Dual School</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f8fb;color:#1d2433;margin:0}
main{max-width:520px;margin:48px auto;background:#fff;border:1px solid #d9dee7;border-radius:8px;padding:24px}
.note{background:#fff4d6;border:1px solid #f0d48a;padding:8px 12px;border-radius:6px}
.row{display:flex;gap:12px}
button{padding:9px 18px;font:inherit;font-weight:600;border-radius:6px;border:1px solid #1f4e79;background:#1f4e79;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1f4e79}
</style></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}
