import './quiet-runtime-warning.ts';
import { once } from 'node:events';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type Provider from 'oidc-provider';
import { ensureCertificate } from './certificate.ts';
import { loadCookieKeys } from './cookie-keys.ts';
import {
  createDirectoryProvider,
  directoryApiClientId,
  directoryApiScope,
  directoryClientId,
  directoryRoutes,
} from './directory-provider.ts';
import { directoryRequestHandler } from './directory-server.ts';
import { createHostedProvider, hostedAudience, hostedClientId, hostedRoutes } from './hosted-provider.ts';
import { hostedRequestHandler } from './hosted-server.ts';
import { sendHtml } from './http-request.ts';
import type { InteractionOptions } from './interactions.ts';
import { errorPage } from './pages.ts';
import { loadSigningKeys } from './signing-keys.ts';
import { defaultStateDir } from './state-files.ts';
import { issuerTemplate, tenantIssuer } from './tenant-issuer.ts';
import { directoryUsers, hostedUsers, loadUsers, type FixtureUser } from './users.ts';

export type StartDevIdpOptions = {
  /** Origins of the web app (`http://localhost:3000`): redirect, logout and CORS allow-list. */
  appOrigins: string[];
  /** Default 3001; 0 picks a free port. */
  hostedPort?: number;
  /** Default 3002; 0 picks a free port. */
  directoryPort?: number;
  /** Interface to listen on; default `localhost` (never the network: it signs anyone in). */
  host?: string;
  /** Keys, certificate and cookie keys; default `<repo root>/.certs/idp` (git-ignored). */
  stateDir?: string;
  /** Default `dev/idp/users.json`. */
  usersFile?: string;
  /** NODE_ENV to check; default `process.env.NODE_ENV`. */
  env?: string;
};

export type DevIdp = {
  /** The Auth0-like hosted service ("HabiTrack Account"). */
  hosted: {
    issuer: string;
    /** auth0-spa-js `domain`: with the scheme, because it is http (the SDK assumes https otherwise). */
    domain: string;
    clientId: string;
    audience: string;
    jwksUri: string;
  };
  /** The Azure-AD-like directory provider ("Corporate Account"). */
  directory: {
    /** MSAL `authority`, multi-tenant like production's `https://login.microsoftonline.com/organizations`. */
    authority: string;
    /** MSAL `knownAuthorities` entry (host:port), so MSAL skips Microsoft's instance discovery. */
    knownAuthority: string;
    clientId: string;
    apiScope: string;
    /** `aud` of its access tokens: the API app registration's client id. */
    apiAudience: string;
    /** As in Azure's `organizations` discovery: `https://localhost:<port>/{tenantid}/v2.0`. */
    issuer: string;
    /** The issuer of tokens for users of the trusted tenant. */
    trustedIssuer: string;
    trustedTenantId: string;
    jwksUri: string;
    /** Self-signed certificate to trust: `NODE_EXTRA_CA_CERTS=<certPath>`. */
    certPath: string;
  };
  stateDir: string;
  users: FixtureUser[];
  close(): Promise<void>;
};

/** A reason not to start that is worth one sentence, not a stack trace. */
export class DevIdpStartError extends Error {}

export class ProductionRefusedError extends DevIdpStartError {}

export function assertNotProduction(env: string | undefined): void {
  if (env === 'production') {
    throw new ProductionRefusedError(
      'The development identity provider refuses to start because NODE_ENV is production: it signs anyone in ' +
        'without a password. Production uses the real Azure AD and Auth0 tenants.',
    );
  }
}

function guarded(
  banner: string,
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): RequestListener {
  return (req, res) => {
    handler(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      const description = error instanceof Error ? error.message : String(error);
      sendHtml(res, 400, errorPage({ banner, error: 'invalid_request', description }));
    });
  };
}

async function listen(server: http.Server, port: number, host: string, label: string): Promise<number> {
  server.listen(port, host);
  try {
    await once(server, 'listening');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DevIdpStartError(`The dev ${label} cannot listen on ${host}:${port}${code ? ` (${code})` : ''}.`, {
      cause: error,
    });
  }
  return (server.address() as AddressInfo).port;
}

async function closeServer(server: http.Server): Promise<void> {
  if (!server.listening) return;
  const closed = once(server, 'close');
  server.close();
  server.closeAllConnections();
  await closed;
}

function signInChoices(users: FixtureUser[], accountId: (user: FixtureUser) => string | undefined) {
  return users.flatMap((user) => {
    const id = accountId(user);
    return id ? [{ accountId: id, name: user.name, email: user.email, role: user.role, note: user.note }] : [];
  });
}

export async function startDevIdp(options: StartDevIdpOptions): Promise<DevIdp> {
  assertNotProduction(options.env ?? process.env.NODE_ENV);
  const stateDir = options.stateDir ?? defaultStateDir;
  const host = options.host ?? 'localhost';
  const appOrigins = options.appOrigins.map((origin) => new URL(origin).origin);

  const [fixture, signingKeys, cookieKeys, certificate] = await Promise.all([
    loadUsers(options.usersFile),
    loadSigningKeys(stateDir),
    loadCookieKeys(stateDir),
    ensureCertificate(stateDir),
  ]);

  const hostedBanner = 'HabiTrack development sign-in · hosted accounts';
  const directoryBanner = 'HabiTrack development sign-in · corporate directory';
  let hostedProvider: Provider | undefined;
  let directoryProvider: Provider | undefined;
  const ready = (provider: Provider | undefined) => {
    if (!provider) throw new Error('the provider is still starting');
    return provider;
  };

  const hostedInteractions: Omit<InteractionOptions, 'provider'> = {
    people: signInChoices(fixture.users, (user) => user.hostedSubject),
    texts: {
      banner: hostedBanner,
      heading: 'Sign in to HabiTrack',
      lead: 'Development sign-in: choose who you are. No password is asked.',
    },
  };
  const directoryInteractions: Omit<InteractionOptions, 'provider'> = {
    people: signInChoices(fixture.users, (user) => user.directoryOid),
    texts: {
      banner: directoryBanner,
      heading: 'Sign in with your corporate account',
      lead: 'Development directory: choose an account. No password is asked.',
    },
  };

  const hostedServer = http.createServer(
    guarded(
      hostedBanner,
      hostedRequestHandler({
        provider: () => ready(hostedProvider),
        interactions: () => ({ ...hostedInteractions, provider: ready(hostedProvider) }),
      }),
    ),
  );
  const directoryServer = https.createServer(
    { cert: certificate.cert, key: certificate.key },
    guarded(
      directoryBanner,
      directoryRequestHandler({
        provider: () => ready(directoryProvider),
        interactions: () => ({ ...directoryInteractions, provider: ready(directoryProvider) }),
        tenantIds: [...new Set(fixture.users.flatMap((user) => (user.tenantId ? [user.tenantId] : [])))],
      }),
    ),
  );

  const close = async () => {
    await Promise.all([closeServer(hostedServer), closeServer(directoryServer)]);
  };

  try {
    const hostedPort = await listen(hostedServer, options.hostedPort ?? 3001, host, 'hosted sign-in service');
    const directoryPort = await listen(directoryServer, options.directoryPort ?? 3002, host, 'directory provider');
    const hostedOrigin = `http://localhost:${hostedPort}`;
    const directoryOrigin = `https://localhost:${directoryPort}`;
    const common = { signingKeys: signingKeys.keys, cookieKeys, appOrigins };

    hostedProvider = createHostedProvider({
      ...common,
      banner: hostedBanner,
      sameSite: 'lax',
      issuer: `${hostedOrigin}/`,
      audience: hostedAudience,
      users: hostedUsers(fixture),
    });
    directoryProvider = createDirectoryProvider({
      ...common,
      banner: directoryBanner,
      // https provider, http app: cross-site for cookies, yet MSAL's silent renewal runs it in an iframe.
      sameSite: 'none',
      origin: directoryOrigin,
      users: directoryUsers(fixture),
    });

    return {
      hosted: {
        issuer: `${hostedOrigin}/`,
        domain: hostedOrigin,
        clientId: hostedClientId,
        audience: hostedAudience,
        jwksUri: `${hostedOrigin}${hostedRoutes.jwks}`,
      },
      directory: {
        authority: `${directoryOrigin}/organizations`,
        knownAuthority: `localhost:${directoryPort}`,
        clientId: directoryClientId,
        apiScope: directoryApiScope,
        apiAudience: directoryApiClientId,
        issuer: issuerTemplate(directoryOrigin),
        trustedIssuer: tenantIssuer(directoryOrigin, fixture.trustedTenantId),
        trustedTenantId: fixture.trustedTenantId,
        jwksUri: `${directoryOrigin}${directoryRoutes.jwks}`,
        certPath: certificate.certPath,
      },
      stateDir,
      users: fixture.users,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
