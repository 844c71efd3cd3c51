/**
 * The Stripe client of the app, built from configuration. With STRIPE_SECRET_KEY it is the real
 * SDK talking to Stripe (or to STRIPE_API_BASE). Without it the SDK talks to an in-process
 * stand-in (stripe-standin.ts) on a free local port, and /test-checkout/{id} plays the hosted
 * checkout, so the whole payment flow runs on `npm start` with no account and no network.
 */
import crypto from 'node:crypto';
import Stripe from 'stripe';
import type { Config } from '../../config.js';
import { MONTHLY_PRICE_CENTS, UPFRONT_PRICE_CENTS } from './pricing.js';
import { StripeStandIn, type StandInStore } from './stripe-standin.js';

export const LOCAL_PRICE_UPFRONT = 'price_local_upfront';
export const LOCAL_PRICE_MONTHLY = 'price_local_monthly';
const LOCAL_SECRET_KEY = 'sk_test_local_stand_in';

export class StripeGateway {
  /** True when no Stripe keys are configured: the built-in test checkout stands in. */
  readonly testCheckout: boolean;
  readonly webhookSecret: string;
  readonly prices: { upfront: string; monthly: string };
  readonly publishableKey: string;
  /** Present in test-checkout mode. */
  readonly standIn: StripeStandIn | null;
  private client: Stripe | null = null;

  constructor(config: Config, store?: StandInStore) {
    this.testCheckout = !config.stripeSecretKey;
    this.publishableKey = config.stripePublishableKey;
    this.prices = {
      upfront: config.stripePriceUpfront || (this.testCheckout ? LOCAL_PRICE_UPFRONT : ''),
      monthly: config.stripePriceMonthly || (this.testCheckout ? LOCAL_PRICE_MONTHLY : ''),
    };
    this.webhookSecret = config.stripeWebhookSecret || (this.testCheckout ? `whsec_local_${crypto.randomBytes(24).toString('hex')}` : '');
    this.standIn = this.testCheckout
      ? new StripeStandIn({
          prices: {
            [this.prices.upfront]: { unitAmount: UPFRONT_PRICE_CENTS, recurring: false },
            [this.prices.monthly]: { unitAmount: MONTHLY_PRICE_CENTS, recurring: true },
          },
          hostedUrl: (id) => `${config.publicUrl}/test-checkout/${id}`,
          store,
        })
      : null;
    if (!this.testCheckout) this.client = new Stripe(config.stripeSecretKey, { ...apiAddress(config.stripeApiBase), maxNetworkRetries: 0, telemetry: false });
  }

  /** The SDK, ready to call (starting the stand-in on first use in test-checkout mode). */
  async stripe(): Promise<Stripe> {
    if (this.client) return this.client;
    const port = await this.standIn!.listen();
    this.client = new Stripe(LOCAL_SECRET_KEY, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
    return this.client;
  }

  /** Verifies Stripe-Signature and parses the event; throws on a bad or missing signature. */
  constructEvent(rawBody: Buffer, signature: string | string[] | undefined): Stripe.Event {
    if (!signature) throw new Error('No Stripe-Signature header.');
    return Stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
  }

  /** The Stripe-Signature header Stripe would send for this payload (test checkout and tests). */
  sign(payload: string): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
  }

  async close(): Promise<void> {
    await this.standIn?.close();
  }
}

/** host/port/protocol options of the SDK from an address such as http://127.0.0.1:12111. */
export function apiAddress(base: string): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!base) return {};
  const u = new URL(base);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
}
