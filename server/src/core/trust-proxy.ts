/**
 * TRUST_PROXY: which peers may tell the app the client's address (X-Forwarded-For). Express reads
 * the value (`trust proxy`) and takes, as `req.ip`, the right-most address not sent by a trusted
 * hop; every per-address limit counts that address (core/rate-limit.ts).
 *
 * Only the deployment's own proxy may be trusted. Trusting a whole range lets any client inside it
 * write its own address: with every private network trusted, a student on the school's Wi-Fi
 * sent `X-Forwarded-For: <anything>, 10.x` and each guess landed in a fresh bucket. So the
 * setting is a hop count (the number of proxies in front of the app, which each append the
 * address they saw) or the proxies' own addresses or subnets; a value that trusts everyone or
 * every private network stops the start. Unset: loopback only (a proxy on the same machine).
 */
import { isIP } from 'node:net';

/** What Express's `trust proxy` is given: a hop count, or addresses and CIDRs (and the name `loopback`). */
export type TrustProxy = number | 'loopback' | string[];

/** More proxies than this in a row is a mistake, and would believe entries clients wrote. */
const MAX_HOPS = 5;

const FORMS = "a hop count (e.g. 1 for one proxy in front of the app) or a comma list of the proxy's addresses or CIDRs (e.g. 172.18.0.2 or 172.18.0.0/16)";

/** A single address, or address/prefix with the prefix within the address's length. */
function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address!);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '') return 'loopback';
  if (value.toLowerCase() === 'true') {
    throw new Error(`TRUST_PROXY=true trusts every client to name its own address; give ${FORMS}`);
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) throw new Error(`TRUST_PROXY must be at most ${MAX_HOPS} hops, got ${value}; give ${FORMS}`);
    return hops;
  }
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries) {
    if (['uniquelocal', 'linklocal'].includes(entry.toLowerCase())) {
      throw new Error(`TRUST_PROXY "${entry}" trusts every private-network client to name its own address; give ${FORMS}`);
    }
    if (entry === 'loopback') continue;
    if (!isAddressOrCidr(entry)) throw new Error(`TRUST_PROXY must be ${FORMS}, got "${value}"`);
    if (/\/0+$/.test(entry)) throw new Error(`TRUST_PROXY "${entry}" trusts every client to name its own address; give ${FORMS}`);
  }
  return entries.length === 1 && entries[0] === 'loopback' ? 'loopback' : entries;
}
