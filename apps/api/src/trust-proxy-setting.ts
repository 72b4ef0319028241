import { isIP } from 'node:net';

// TRUST_PROXY as config.ts reads it: which proxies in front of the API are trusted for the
// client's address.
export type TrustProxy = false | number | string[];

// Names Fastify's proxy-addr understands for the usual private ranges.
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

// undefined: not a valid setting.
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const trimmed = value.trim().toLowerCase();
  if (['off', 'false', 'none', '0'].includes(trimmed)) return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed) <= 32 ? Number(trimmed) : undefined;
  const entries = trimmed
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length && entries.every(isAddressOrRange) ? entries : undefined;
}
