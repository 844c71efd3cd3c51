import type { MessageKey } from '../../i18n/en';
import { intlLocale } from '../../i18n/core';

/**
 * Money and dates as the payment screens show them. The API sends dollars and YYYY-MM-DD. Dates are
 * in the language in effect; dollars are written the US way in every language ("$9,500.00", as the
 * school's bills write them: vi-VN would write "9.500,00 US$").
 */
export function formatDollars(amount: number): string {
  return amount.toLocaleString(intlLocale() === 'es-US' ? 'es-US' : 'en-US', { style: 'currency', currency: 'USD' });
}

export function formatDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  if (!y || !m || !d) return isoDate;
  return new Date(y, m - 1, d).toLocaleDateString(intlLocale(), { year: 'numeric', month: 'short', day: 'numeric' });
}

/** Returning from checkout: the address carries payment_intent or session_id. */
export function returnedFromCheckout(search: string): boolean {
  const q = new URLSearchParams(search);
  return q.has('payment_intent') || q.has('session_id');
}

export const PAYMENT_RELOAD_DELAY_MS = 2000;
/** The catalogue key of the alert when a card payment cannot start. */
export const PAYMENT_START_FAILED: MessageKey = 'payments.paymentStartFailed';
