import { isIP } from 'node:net';
import { DEMO_UNSUBSCRIBE_SECRET, type Config } from './config.ts';

// The development identity provider's own client ids and API audience (dev/idp): a production
// server that trusts them trusts tokens anyone can mint with the demo.
const DEVELOPMENT_CLIENTS = new Set([
  'https://api.habitrack.local',
  '0f3c5a7e-2b4d-4c6e-8a1f-9d2b4c6e8a10',
  '6a8e1c3f-5b7d-4e9a-b2c4-d6f8a0b2c4e6',
]);

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    (isIP(host) === 4 && host.startsWith('127.'))
  );
}

// Why an identity provider's address cannot be a production one, or null when it can.
function developmentAddress(value: string): string | null {
  const url = URL.canParse(value)
    ? new URL(value)
    : URL.canParse(`https://${value}`)
      ? new URL(`https://${value}`)
      : null;
  if (!url) return 'is not an address';
  if (isLoopbackHost(url.hostname)) return 'points at this machine, where only the development identity provider runs';
  if (url.protocol !== 'https:') return 'is not an https address';
  return null;
}

// In production the server refuses every demo default, with one sentence per problem naming the
// variable and the fix (docs/operations/deploy.md "What production refuses"). Empty: none.
export function productionProblems(config: Config): string[] {
  if (config.env !== 'production') return [];
  const problems: string[] = [];
  if (config.notifications.unsubscribeSecret === DEMO_UNSUBSCRIBE_SECRET) {
    problems.push(
      'UNSUBSCRIBE_SECRET is not set, so unsubscribe links would be signed with the demo secret printed in the source: set it to a random value of at least 32 characters (e.g. openssl rand -base64 48).',
    );
  }
  if (!config.databaseUrl && !config.embeddedDatabaseAllowed) {
    problems.push(
      'DATABASE_URL is not set, so the embedded database in DATA_DIR would hold production data: set DATABASE_URL to your PostgreSQL database (postgres://user:password@host:5432/habitrack), or set EMBEDDED_DATABASE=on for a one-machine trial.',
    );
  }
  if (new URL(config.publicUrl).protocol !== 'https:') {
    const what = config.publicUrlIsDefault ? 'not set' : `"${config.publicUrl}", not an https address`;
    problems.push(
      `PUBLIC_URL is ${what}: set it to the https address members open, e.g. https://habitrack.example.com (e-mail links and sign-in redirects use it).`,
    );
  }
  const { auth0, azure } = config.auth;
  if (!auth0 && !azure) {
    problems.push(
      'No identity provider is configured: set AUTH0_DOMAIN, AUTH0_CLIENT_ID and AUTH0_AUDIENCE for HabiTrack accounts, or AZURE_CLIENT_ID, AZURE_API_SCOPE and AZURE_API_AUDIENCE for corporate accounts, or both.',
    );
  }
  const addresses: [string, string | undefined][] = [
    ['AUTH0_DOMAIN', auth0?.domain],
    ['AUTH0_ISSUER', auth0?.issuer],
    ['AUTH0_JWKS_URI', auth0?.jwksUri],
    ['AZURE_AUTHORITY', azure?.authority],
    ['AZURE_ISSUER', azure?.issuer.replace('{tenantid}', 'tenant')],
    ['AZURE_JWKS_URI', azure?.jwksUri],
    ...(azure?.knownAuthorities ?? []).map((a): [string, string] => ['AZURE_KNOWN_AUTHORITIES', a]),
  ];
  for (const [name, value] of addresses) {
    const reason = value === undefined ? null : developmentAddress(value);
    if (reason) {
      problems.push(
        `${name} "${value}" ${reason}: set it to your identity provider's https address (docs/operations/sign-in.md).`,
      );
    }
  }
  const clients: [string, string | undefined][] = [
    ['AUTH0_AUDIENCE', auth0?.audience],
    ['AUTH0_CLIENT_ID', auth0?.clientId],
    ['AZURE_CLIENT_ID', azure?.clientId],
    ['AZURE_API_AUDIENCE', azure?.audience],
    ['AZURE_API_SCOPE', azure?.apiScope],
  ];
  for (const [name, value] of clients) {
    if (value && [...DEVELOPMENT_CLIENTS].some((dev) => value === dev || value.startsWith(`api://${dev}`))) {
      problems.push(
        `${name} "${value}" belongs to the development identity provider: set it to the value your own tenant gives HabiTrack (docs/operations/sign-in.md).`,
      );
    }
  }
  if (config.devTools) {
    problems.push(
      'DEV_TOOLS is on: remove it or set DEV_TOOLS=false, since the developer tools must not run in production.',
    );
  }
  if (config.demoSeed) {
    problems.push(
      'DEMO_SEED is on: remove it or set DEMO_SEED=off, since production never loads the demo organisation.',
    );
  }
  return problems;
}
