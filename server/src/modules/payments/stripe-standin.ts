/**
 * A local stand-in for the part of Stripe's API this app uses, enough for the real Stripe SDK
 * (pointed here with its host/port/protocol options):
 *   POST /v1/checkout/sessions (a configured price, or price_data), GET /v1/checkout/sessions/{id},
 *   POST /v1/refunds (against a payment intent a completed checkout or paid invoice made; never more
 *   than is left of it; Idempotency-Key replays answer the first refund), DELETE /v1/subscriptions/{id},
 *   GET /v1/payment_intents/{id} and GET /v1/charges/{id} (what was received and refunded, so a
 *   reconciliation can read Stripe's figures).
 * It also plays the customer: complete() and expire() build the events Stripe would send
 * (checkout.session.completed, invoice.paid, checkout.session.expired), and a refund builds
 * charge.refunded (refundEvents()), which the caller signs with the webhook secret and posts to
 * the app's webhook.
 *
 * Used by `npm start` without Stripe keys (the built-in test checkout) and by the API tests.
 * Sessions are kept in memory and, when a store is given (the app gives one backed by PostgreSQL),
 * written through to it and read back on a miss: a checkout started on one replica of the app can
 * be paid on another, and survives a restart.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInPrice {
  unitAmount: number;
  recurring: boolean;
}

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string | null;
  success_url: string;
  cancel_url: string | null;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  payment_intent: string | null;
  amount_total: number;
  currency: 'usd';
  livemode: false;
  created: number;
  /** Not part of Stripe's answer: what was bought, for events and the test checkout page. */
  line_items_data: { price: string; quantity: number; name?: string }[];
  subscription_metadata: Record<string, string>;
}

export interface StandInEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  data: { object: Record<string, unknown> };
}

const rid = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Parses Stripe's form encoding (`line_items[0][price]=x&metadata[a]=b`) into nested objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) return keys.sort((a, b) => +a - +b).map((k) => arrays(o[k]));
    return Object.fromEntries(keys.map((k) => [k, arrays(o[k])]));
  };
  return arrays(root) as Record<string, unknown>;
}

/** Where sessions are shared between app replicas (test_checkout_sessions). */
export interface StandInStore {
  save(session: StandInSession): Promise<void>;
  load(id: string): Promise<StandInSession | null>;
  /** Payment intents (amount received, refunded so far), so a refund works on any replica and after a restart. */
  saveIntent?(intent: StandInIntent): Promise<void>;
  loadIntent?(id: string): Promise<StandInIntent | null>;
}

/** A payment intent the stand-in made (a paid checkout or invoice): what can still be refunded. */
export interface StandInIntent {
  id: string;
  amount: number;
  amount_refunded: number;
  charge: string;
  metadata: Record<string, string>;
}

export class StripeStandIn {
  readonly sessions = new Map<string, StandInSession>();
  readonly intents = new Map<string, StandInIntent>();
  readonly cancelledSubscriptions = new Set<string>();
  /** Refund events not yet handed to the app (charge.refunded), by refund. */
  private readonly pendingEvents: StandInEvent[] = [];
  private readonly idempotent = new Map<string, Record<string, unknown>>();
  /** Every API request received, for tests to check what the SDK sent. */
  readonly requests: { method: string; path: string; body: Record<string, unknown>; authorization: string | undefined }[] = [];
  private server: http.Server | null = null;
  private starting: Promise<number> | null = null;

  constructor(private readonly opts: { prices: Record<string, StandInPrice>; hostedUrl: (sessionId: string) => string; store?: StandInStore }) {}

  /** The session, read from the shared store when there is one (another replica may have changed it). */
  async fetch(id: string): Promise<StandInSession | null> {
    const stored = this.opts.store ? await this.opts.store.load(id) : null;
    if (stored) this.sessions.set(id, stored);
    return this.sessions.get(id) ?? null;
  }

  /** Writes a session's current state to the shared store. */
  async persist(id: string): Promise<void> {
    const s = this.sessions.get(id);
    if (s && this.opts.store) await this.opts.store.save(s);
  }

  /** Starts listening on 127.0.0.1 (a free port unless one is given); answers the port. */
  listen(port = 0): Promise<number> {
    this.starting ??= new Promise<number>((resolve, reject) => {
      const server = http.createServer((req, res) => this.handle(req, res));
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        this.server = server;
        resolve((server.address() as AddressInfo).port);
      });
    });
    return this.starting;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.starting = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
      this.requests.push({ method: req.method ?? 'GET', path: url.pathname, body, authorization: req.headers.authorization });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': rid('req') });
        res.end(JSON.stringify(payload));
      };
      const fail = (status: number, message: string, param?: string) =>
        send(status, { error: { type: status === 401 ? 'invalid_request_error' : 'invalid_request_error', message, ...(param ? { param } : {}) } });

      if (!/^Bearer sk_(test|live)_\S+$/.test(req.headers.authorization ?? '')) return fail(401, 'Invalid API Key provided.');
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const result = this.createSession(body);
        if (typeof result === 'string') return fail(400, result);
        return void this.persist(result.id).then(
          () => send(200, this.publicView(result)),
          () => fail(500, 'The session could not be stored.'),
        );
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
        if (key && this.idempotent.has(key)) return send(200, this.idempotent.get(key));
        return void this.refund(body).then(
          (result) => {
            if (typeof result === 'string') return fail(400, result, 'amount');
            if (key) this.idempotent.set(key, result);
            send(200, result);
          },
          () => fail(500, 'The refund could not be stored.'),
        );
      }
      const sub = /^\/v1\/subscriptions\/([A-Za-z0-9_]+)$/.exec(url.pathname);
      if (req.method === 'DELETE' && sub) {
        this.cancelledSubscriptions.add(sub[1]);
        return send(200, { id: sub[1], object: 'subscription', status: 'canceled', canceled_at: now() });
      }
      const pi = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(url.pathname);
      if (req.method === 'GET' && pi) {
        return void this.intent(pi[1]).then(
          (i) =>
            i
              ? send(200, {
                  id: i.id,
                  object: 'payment_intent',
                  amount: i.amount,
                  amount_received: i.amount,
                  currency: 'usd',
                  status: 'succeeded',
                  latest_charge: i.charge,
                  metadata: i.metadata,
                })
              : fail(404, `No such payment_intent: '${pi[1]}'`, 'id'),
          () => fail(500, 'The payment intent could not be read.'),
        );
      }
      const ch = /^\/v1\/charges\/([A-Za-z0-9_]+)$/.exec(url.pathname);
      if (req.method === 'GET' && ch) {
        const i = [...this.intents.values()].find((x) => x.charge === ch[1]);
        if (!i) return fail(404, `No such charge: '${ch[1]}'`, 'id');
        return send(200, {
          id: i.charge,
          object: 'charge',
          amount: i.amount,
          amount_captured: i.amount,
          amount_refunded: i.amount_refunded,
          refunded: i.amount_refunded === i.amount,
          payment_intent: i.id,
          currency: 'usd',
          status: 'succeeded',
        });
      }
      const m = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        return void this.fetch(m[1]).then(
          (s) => (s ? send(200, this.publicView(s)) : fail(404, `No such checkout.session: '${m[1]}'`, 'id')),
          () => fail(500, 'The session could not be read.'),
        );
      }
      return fail(404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
    });
  }

  private createSession(body: Record<string, unknown>): StandInSession | string {
    const mode = body.mode;
    if (mode !== 'payment' && mode !== 'subscription') return 'Missing required param: mode.';
    if (typeof body.success_url !== 'string') return 'Missing required param: success_url.';
    const items = Array.isArray(body.line_items) ? (body.line_items as Record<string, string>[]) : [];
    if (items.length === 0) return 'Missing required param: line_items.';
    let total = 0;
    const lineItems: StandInSession['line_items_data'] = [];
    for (const item of items as Record<string, unknown>[]) {
      const data = item.price_data as Record<string, unknown> | undefined;
      const price: StandInPrice | undefined = data ? { unitAmount: Number(data.unit_amount), recurring: !!data.recurring } : this.opts.prices[item.price as string];
      if (!price) return `No such price: '${String(item.price)}'`;
      if (!Number.isInteger(price.unitAmount) || price.unitAmount < 0) return 'Invalid integer: price_data[unit_amount].';
      if (price.recurring !== (mode === 'subscription')) {
        return mode === 'subscription'
          ? 'You must provide at least one recurring price in `subscription` mode when using prices.'
          : 'You specified `payment` mode but passed a recurring price.';
      }
      const quantity = Number(item.quantity ?? 1);
      total += price.unitAmount * quantity;
      const name = (data?.product_data as Record<string, unknown> | undefined)?.name;
      lineItems.push({ price: data ? 'price_data' : String(item.price), quantity, ...(typeof name === 'string' ? { name } : {}) });
    }
    const id = `cs_test_${crypto.randomBytes(16).toString('hex')}`;
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      url: this.opts.hostedUrl(id),
      success_url: body.success_url,
      cancel_url: typeof body.cancel_url === 'string' ? body.cancel_url : null,
      client_reference_id: typeof body.client_reference_id === 'string' ? body.client_reference_id : null,
      customer_email: typeof body.customer_email === 'string' ? body.customer_email : null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      subscription: null,
      payment_intent: null,
      amount_total: total,
      currency: 'usd',
      livemode: false,
      created: now(),
      line_items_data: lineItems,
      subscription_metadata: ((body.subscription_data as Record<string, unknown> | undefined)?.metadata as Record<string, string>) ?? {},
    };
    this.sessions.set(id, session);
    return session;
  }

  private publicView(s: StandInSession): Record<string, unknown> {
    const { line_items_data: _items, subscription_metadata: _meta, ...rest } = s;
    return rest;
  }

  static event(type: string, object: Record<string, unknown>): StandInEvent {
    return {
      id: rid('evt'),
      object: 'event',
      api_version: '2025-10-29.clover',
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
  }

  /** An invoice of a subscription, as invoice.paid / invoice.payment_failed carry it. */
  static invoice(subscription: string, metadata: Record<string, string>, amount: number, paid: boolean): Record<string, unknown> {
    return {
      id: rid('in'),
      object: 'invoice',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      currency: 'usd',
      status: paid ? 'paid' : 'open',
      billing_reason: 'subscription_cycle',
      parent: { type: 'subscription_details', subscription_details: { subscription, metadata } },
      created: now(),
    };
  }

  /** The customer pays: the session completes; a subscription also gets its first paid invoice. */
  complete(sessionId: string): StandInEvent[] {
    const s = this.sessions.get(sessionId);
    if (!s || s.status !== 'open') return [];
    s.status = 'complete';
    s.payment_status = 'paid';
    if (s.mode === 'payment') {
      s.payment_intent = this.paid(s.amount_total, s.metadata).id;
      return [StripeStandIn.event('checkout.session.completed', this.publicView(s))];
    }
    s.subscription = rid('sub');
    const invoice = {
      ...StripeStandIn.invoice(s.subscription, s.subscription_metadata, s.amount_total, true),
      billing_reason: 'subscription_create',
      payment_intent: this.paid(s.amount_total, s.subscription_metadata).id,
    };
    return [StripeStandIn.event('checkout.session.completed', this.publicView(s)), StripeStandIn.event('invoice.paid', invoice)];
  }

  /** Money received: a payment intent (with its charge) that refunds can go against. */
  paid(amount: number, metadata: Record<string, string> = {}): StandInIntent {
    const intent: StandInIntent = { id: rid('pi'), amount, amount_refunded: 0, charge: rid('ch'), metadata };
    this.intents.set(intent.id, intent);
    void this.opts.store?.saveIntent?.(intent);
    return intent;
  }

  /** A paid invoice of a subscription, with its payment intent (a later month of the monthly plan). */
  paidInvoice(subscription: string, metadata: Record<string, string>, amount: number): Record<string, unknown> {
    return { ...StripeStandIn.invoice(subscription, metadata, amount, true), payment_intent: this.paid(amount, metadata).id };
  }

  private async intent(id: string): Promise<StandInIntent | null> {
    const stored = this.opts.store?.loadIntent ? await this.opts.store.loadIntent(id) : null;
    if (stored) this.intents.set(id, stored);
    return this.intents.get(id) ?? null;
  }

  /** POST /v1/refunds: a refund of (part of) a payment intent, as Stripe answers it; charge.refunded follows. */
  private async refund(body: Record<string, unknown>): Promise<Record<string, unknown> | string> {
    const id = typeof body.payment_intent === 'string' ? body.payment_intent : '';
    const intent = id ? await this.intent(id) : null;
    if (!intent) return `No such payment_intent: '${id}'`;
    const left = intent.amount - intent.amount_refunded;
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0) return 'Invalid positive integer: amount.';
    if (amount > left) return `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`;
    intent.amount_refunded += amount;
    await this.opts.store?.saveIntent?.(intent);
    const refund = {
      id: rid('re'),
      object: 'refund',
      amount,
      currency: 'usd',
      charge: intent.charge,
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: (body.metadata as Record<string, string>) ?? {},
      created: now(),
    };
    this.pendingEvents.push(
      StripeStandIn.event('charge.refunded', {
        id: intent.charge,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: intent.amount_refunded,
        payment_intent: intent.id,
        refunded: intent.amount_refunded === intent.amount,
        refunds: { object: 'list', data: [refund] },
      }),
    );
    return refund;
  }

  /** The events refunds made since the last call (charge.refunded), for the caller to deliver. */
  refundEvents(): StandInEvent[] {
    return this.pendingEvents.splice(0);
  }

  /** The customer leaves: the session expires. */
  expire(sessionId: string): StandInEvent[] {
    const s = this.sessions.get(sessionId);
    if (!s || s.status !== 'open') return [];
    s.status = 'expired';
    return [StripeStandIn.event('checkout.session.expired', this.publicView(s))];
  }
}
