/** The tuition payment routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, day, numericId, PAGED_QUERY, timestamp } from '../../core/openapi.js';
import { priceSchema } from './payment-input.js';

const dollars = () => z.number().meta({ description: 'US dollars (9500 is $9,500).' });
const StaffPayment = z
  .object({
    id: z.int(),
    title: z.string(),
    due_date: day(),
    amount: dollars(),
    payment_type: z.enum(['annual', 'monthly']),
    status: z.enum(['due', 'paid', 'cancelled']),
    paid_at: timestamp().nullable(),
  })
  .meta({ id: 'Payment' });
const Checkout = z.object({ sessionId: z.string(), url: z.string().nullable().meta({ description: 'The hosted checkout page to send the parent to.' }) });

export const PAYMENT_ROUTES = areaRoutes('Payments', [
  {
    method: 'get',
    path: '/payments-due/',
    operationId: 'paymentsDue',
    summary: 'Tuition payments due.',
    success: {
      status: 200,
      description: 'The payments due.',
      json: z.array(
        z.object({
          id: z.int(),
          title: z.string(),
          due_date: day(),
          amount: dollars(),
          payment_type: z.string().describe('annual, monthly or late_fee'),
          school_year: z.string().nullable().describe('The school year it belongs to, e.g. 2026-27.'),
          late_fee_for: z.int().optional().describe('A late fee: the payment it is charged on.'),
          months_late: z.int().optional().describe('A late fee: which month late it is for (1, 2, ...).'),
        }),
      ),
    },
  },
  {
    method: 'get',
    path: '/payment-history/',
    operationId: 'paymentHistory',
    summary: 'Tuition payments made.',
    success: {
      status: 200,
      description: 'The payments made or failed, newest first.',
      json: z.array(
        z.object({
          id: z.int(),
          title: z.string(),
          date: z.string(),
          amount: dollars(),
          status: z.string(),
        }),
      ),
    },
  },
  {
    method: 'post',
    path: '/create-upfront-checkout-session/',
    operationId: 'createUpfrontCheckoutSession',
    summary: 'Start a hosted checkout for the upfront tuition.',
    body: { json: priceSchema },
    success: { status: 200, json: Checkout, description: 'The checkout.' },
  },
  {
    method: 'post',
    path: '/create-monthly-checkout-session/',
    operationId: 'createMonthlyCheckoutSession',
    summary: 'Start a hosted checkout for the monthly plan.',
    body: { json: priceSchema },
    success: { status: 200, json: Checkout, description: 'The checkout.' },
  },
  {
    method: 'get',
    path: '/payment-config/',
    operationId: 'checkoutConfig',
    summary: 'Checkout settings (publishable key, prices, test mode).',
    success: {
      status: 200,
      description: 'The settings.',
      json: z.object({
        publishable_key: z.string(),
        upfront_price_id: z.string(),
        monthly_price_id: z.string(),
        test_checkout: z.boolean(),
      }),
    },
  },
  {
    method: 'get',
    path: '/admissions/payments/',
    operationId: 'dualSchoolFamilies',
    summary: 'Admissions staff: families and their payments.',
    query: z.object(PAGED_QUERY),
    success: {
      status: 200,
      description: 'The families (one page; the next cursor in X-Next-Cursor).',
      json: z.array(
        z.object({
          parent_id: z.int(),
          parent_name: z.string(),
          email: z.string(),
          application_status: z.string().nullable(),
          payments: z.array(StaffPayment),
        }),
      ),
    },
  },
  {
    method: 'post',
    path: '/admissions/payments/:id/record-check/',
    operationId: 'recordCheckPayment',
    summary: 'Admissions staff: record a payment by check.',
    params: { id: numericId('payment') },
    success: { status: 200, json: StaffPayment, description: 'The payment, paid.' },
  },
  {
    method: 'post',
    path: '/stripe/webhook/',
    operationId: 'stripeWebhook',
    summary: 'Stripe webhook; the body is verified by its Stripe-Signature header.',
    public: true,
    body: { json: z.record(z.string(), z.unknown()).meta({ description: 'A Stripe event, exactly as Stripe signed it.' }) },
    success: { status: 200, json: z.object({ received: z.literal(true), duplicate: z.boolean() }), description: 'Received.' },
  },
]);
