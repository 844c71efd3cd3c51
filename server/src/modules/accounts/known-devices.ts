/**
 * Known devices: browsers an account has signed in from (OWASP's device cookie against account
 * lockout, written here because no maintained library keeps it in our database and throttles).
 *
 * A successful password sign-in, password reset or password change sets a long-lived, HttpOnly
 * cookie holding a random device id, and records (hash of the id, account). A later sign-in of that
 * account from that browser is throttled only by that browser's own failures: failures from other
 * addresses and devices, however many, never refuse its right password. Every other sign-in (a new
 * device, a script) is counted per address and against the account's ceiling, and once that ceiling
 * is reached it is refused until the window ends or the owner resets the password by email, which
 * makes the browser that resets it known.
 *
 * The id is worth nothing without the account's password, and is kept as a hash. It is tied to the
 * account it signed in: one account's device id does not vouch for another account. A new password
 * forgets every device of the account (one that knew the old password may not be the owner's).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse, serialize } from 'cookie';
import type { DataSource, EntityManager } from 'typeorm';
import type { DeviceCookie } from '../../context.js';
import { randomToken, sha256 } from '../../core/passwords.js';

/** A device not signed in from for this long is forgotten (the retention job deletes it). */
export const KNOWN_DEVICE_DAYS = 180;

/** `__Host-` (https only) forbids a Domain attribute, so a sibling subdomain cannot plant the cookie. */
export function deviceCookieName(secure: boolean): string {
  return secure ? '__Host-planner_device' : 'planner_device';
}

const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** The device cookie of one request: read from its Cookie header, set on its answer. */
export function deviceCookie(req: IncomingMessage, res: ServerResponse | undefined, secure: boolean): DeviceCookie {
  const name = deviceCookieName(secure);
  const sent = parse(req.headers.cookie ?? '')[name];
  return {
    id: sent && DEVICE_ID.test(sent) ? sent : null,
    remember(id) {
      if (!res || res.headersSent || id === sent) return;
      const cookie = serialize(name, id, { httpOnly: true, secure, sameSite: 'lax', path: '/', maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60 });
      const previous = res.getHeader('set-cookie');
      res.setHeader('set-cookie', [...(Array.isArray(previous) ? previous : previous ? [String(previous)] : []), cookie]);
    },
  };
}

/** Whether `device` has signed in to `userId` before. */
export async function isKnownDevice(db: DataSource | EntityManager, device: DeviceCookie | undefined, userId: number): Promise<boolean> {
  if (!device?.id) return false;
  const rows: unknown[] = await db.query(
    `SELECT 1 FROM known_devices WHERE device_hash = $1 AND user_id = $2 AND last_signed_in_at > now() - make_interval(days => $3)`,
    [sha256(device.id), userId, KNOWN_DEVICE_DAYS],
  );
  return rows.length > 0;
}

/** Records that this browser signed in to `userId` (giving it a device id if it has none). */
export async function rememberDevice(db: DataSource | EntityManager, device: DeviceCookie | undefined, userId: number): Promise<void> {
  if (!device) return;
  const id = device.id ?? randomToken();
  await db.query(
    `INSERT INTO known_devices (device_hash, user_id) VALUES ($1, $2)
     ON CONFLICT (device_hash, user_id) DO UPDATE SET last_signed_in_at = now()`,
    [sha256(id), userId],
  );
  device.remember(id);
}

/** A new password: no device vouches for the account any more. */
export async function forgetDevices(m: EntityManager, userId: number): Promise<void> {
  await m.query(`DELETE FROM known_devices WHERE user_id = $1`, [userId]);
}
