import { rename, writeFile } from 'node:fs/promises';
import type { DevIdp } from './start-idp.ts';

// The API's sign-in settings that point it at this provider: what `npm start` and the e2e tests
// hand to the API process. Production sets the same variables to the real tenants.
export function apiEnvironment(idp: DevIdp): Record<string, string> {
  const { hosted, directory } = idp;
  return {
    AUTH0_DOMAIN: hosted.domain,
    AUTH0_ISSUER: hosted.issuer,
    AUTH0_CLIENT_ID: hosted.clientId,
    AUTH0_AUDIENCE: hosted.audience,
    AUTH0_JWKS_URI: hosted.jwksUri,
    AZURE_CLIENT_ID: directory.clientId,
    AZURE_AUTHORITY: directory.authority,
    AZURE_KNOWN_AUTHORITIES: directory.knownAuthority,
    AZURE_API_SCOPE: directory.apiScope,
    AZURE_API_AUDIENCE: directory.apiAudience,
    AZURE_ISSUER: directory.issuer,
    AZURE_JWKS_URI: directory.jwksUri,
    NODE_EXTRA_CA_CERTS: directory.certPath,
  };
}

// Written beside the target and renamed over it: a process waiting for the file (scripts/start.mjs,
// the e2e set-up) sees either nothing or the whole of it, never a half-written file.
export async function writeApiEnvironment(idp: DevIdp, file: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(apiEnvironment(idp), null, 2));
  await rename(temp, file);
}
