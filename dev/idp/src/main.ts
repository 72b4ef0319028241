// The dev identity provider as a process:
//   npm start -w dev/idp                 start both providers (IDP_HOSTED_PORT, IDP_DIRECTORY_PORT, IDP_APP_ORIGINS)
//   npm run rotate-key -w dev/idp        add a new current signing key (restart to use it)
import { writeApiEnvironment } from './api-environment.ts';
import { IdpConfigError, readIdpEnvironment } from './config.ts';
import { rotateSigningKey } from './signing-keys.ts';
import { DevIdpStartError, assertNotProduction, startDevIdp, type DevIdp } from './start-idp.ts';
import { defaultStateDir } from './state-files.ts';

function describe(idp: DevIdp): string {
  const { hosted, directory } = idp;
  return [
    'HabiTrack development identity provider (never for production): anyone signs in by picking a name.',
    '',
    'Hosted service (Auth0-like, "HabiTrack Account")',
    `  domain     ${hosted.domain}    (auth0-spa-js domain; issuer ${hosted.issuer})`,
    `  client id  ${hosted.clientId}`,
    `  audience   ${hosted.audience}`,
    `  JWKS       ${hosted.jwksUri}`,
    '',
    'Directory provider (Azure-AD-like, "Corporate Account")',
    `  authority        ${directory.authority}`,
    `  knownAuthorities ${directory.knownAuthority}`,
    `  client id        ${directory.clientId}`,
    `  API scope        ${directory.apiScope}    (access token aud ${directory.apiAudience})`,
    `  issuer           ${directory.issuer}    (trusted tenant ${directory.trustedTenantId})`,
    `  JWKS             ${directory.jwksUri}`,
    `  Node trusts its certificate with NODE_EXTRA_CA_CERTS=${directory.certPath}`,
    '',
    `Sign-in people: ${idp.users.map((user) => `${user.name} (${user.role})`).join(', ')}.`,
    `State (keys, certificate): ${idp.stateDir}`,
  ].join('\n');
}

async function main(): Promise<void> {
  const config = readIdpEnvironment();
  assertNotProduction(config.nodeEnv);
  const stateDir = config.stateDir ?? defaultStateDir;

  if (process.argv.includes('--rotate-key')) {
    const keys = await rotateSigningKey(stateDir);
    console.log(
      `New signing key ${keys.current.kid}; ${keys.keys.length} keys published. Restart the provider to sign with it.`,
    );
    return;
  }

  const idp = await startDevIdp({ ...config, env: config.nodeEnv, stateDir });
  // Handlers go in before the banner: whoever reads the banner may stop us at once.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void idp.close().then(() => process.exit(0));
    });
  }
  // IDP_ENV_FILE: where `npm start` waits for the API's settings (written once we are listening).
  const envFile = process.env.IDP_ENV_FILE;
  if (envFile) await writeApiEnvironment(idp, envFile);
  console.log(describe(idp));
}

main().catch((error: unknown) => {
  const known = error instanceof DevIdpStartError || error instanceof IdpConfigError;
  console.error(known ? error.message : error);
  process.exit(1);
});
