import type { MessageKey } from '../../i18n/en';

/** The payment screens' helpers (their dates and dollars go through i18n/formats.ts). */
/** Returning from checkout: the address carries payment_intent or session_id. */
export function returnedFromCheckout(search: string): boolean {
  const q = new URLSearchParams(search);
  return q.has('payment_intent') || q.has('session_id');
}

export const PAYMENT_RELOAD_DELAY_MS = 2000;
/** The catalogue key of the alert when a card payment cannot start. */
export const PAYMENT_START_FAILED: MessageKey = 'payments.paymentStartFailed';
