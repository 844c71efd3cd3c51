/**
 * Text messages through an SMS gateway speaking Twilio's REST shape (Twilio itself, or a
 * compatible provider or relay): `POST {base}/2010-04-01/Accounts/{sid}/Messages.json`, form
 * fields To, From and Body, HTTP basic auth with the account SID and auth token. Uses Node's
 * fetch; a non-2xx answer or a network error is a failed attempt, retried with the outbox's backoff.
 */
import type { MessageTransport } from './delivery.js';

export interface SmsGatewayConfig {
  /** e.g. https://api.twilio.com */
  url: string;
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or messaging service id. */
  from: string;
}

/** How long one request may take before it counts as a failed attempt. */
const TIMEOUT_MS = 15_000;

export function smsTransport(cfg: SmsGatewayConfig | null, timeoutMs = TIMEOUT_MS): MessageTransport | null {
  if (!cfg) return null;
  const endpoint = `${cfg.url.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${cfg.accountSid}:${cfg.authToken}`).toString('base64')}`;
  return {
    async send(m) {
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body: new URLSearchParams({ To: m.to, From: cfg.from, Body: m.text }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (e) {
        const reason =
          (e as Error)?.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : (((e as Error)?.cause as Error)?.message ?? (e as Error)?.message);
        throw new Error(`SMS gateway unreachable: ${reason}`);
      }
      const text = await res.text().catch(() => '');
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}: ${gatewayMessage(text) || res.statusText}`);
      return text;
    },
  };
}

/** Twilio-style errors are JSON `{ code, message }`; anything else is shown as sent, shortened. */
function gatewayMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; code?: unknown };
    if (typeof parsed.message === 'string') return parsed.code === undefined ? parsed.message : `${parsed.message} (code ${String(parsed.code)})`;
  } catch {
    /* not JSON */
  }
  return body.trim().slice(0, 300);
}
