import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthConfig } from '../config.ts';

export type SecurityHeadersOptions = { auth: AuthConfig; production: boolean };

export const DOCS_PREFIX = '/api/docs';

// The browser talks to the sign-in providers directly: the SDKs fetch their token and discovery
// endpoints, and silent sign-in loads their authorize page in a hidden iframe.
export function signInOrigins(auth: AuthConfig): string[] {
  const urls: string[] = [];
  if (auth.auth0) {
    // Like config.ts: a bare domain means https; the issuer may be a custom domain.
    urls.push(/^https?:\/\//.test(auth.auth0.domain) ? auth.auth0.domain : `https://${auth.auth0.domain}`);
    urls.push(auth.auth0.issuer);
  }
  if (auth.azure) {
    urls.push(auth.azure.authority);
    // MSAL's knownAuthorities are host names (B2C, CIAM or a custom login host).
    urls.push(...auth.azure.knownAuthorities.map((host) => (/^https?:\/\//.test(host) ? host : `https://${host}`)));
  }
  const origins = urls.flatMap((url) => (URL.canParse(url) ? [new URL(url).origin] : []));
  return [...new Set(origins)];
}

export function appContentSecurityPolicy(auth: AuthConfig): Record<string, string[]> {
  const providers = signInOrigins(auth);
  return {
    'default-src': ["'self'"],
    // Only our own bundled files: no inline script, no eval.
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // Mantine (and its emotion-free runtime) sets style attributes and injects <style> for CSS
    // variables, so inline styles must stay allowed; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...providers],
    // Silent sign-in: the provider's authorize page in a hidden iframe, which MSAL lets redirect
    // back to our own /callback inside that iframe ('self').
    'frame-src': ["'self'", ...providers],
    // Our own page must be allowed inside that iframe (MSAL reads the /callback URL from it), so
    // 'self' rather than 'none'; no other site may frame the app (clickjacking).
    'frame-ancestors': ["'self'"],
    // Sign-in and sign-out leave by navigation (location.assign), never by a form post, and
    // form-action does not govern navigations: our forms only ever submit to ourselves.
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
  };
}

// The API reference page (swagger UI) runs only its own files; it sets style attributes, which
// cannot run code, so only styles may be inline.
const docsContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

async function securityHeadersPlugin(app: FastifyInstance, options: SecurityHeadersOptions) {
  const helmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: appContentSecurityPolicy(options.auth) },
    // MSAL and auth0-spa-js popups must still be able to report back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Over plain http (local use, tests) HSTS would pin a browser to https for localhost.
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  } satisfies HelmetOptions;
  // Helmet's headers depend on its options only (no nonce, nothing per request), so helmet writes them
  // once, here, and each answer carries them through Fastify's reply headers: Node then writes the
  // head of the answer in one pass instead of validating each header set on the raw response.
  const headers = helmetHeaders(helmetOptions);
  const docsHeaders = { ...headers, 'content-security-policy': docsContentSecurityPolicy };
  app.addHook('onRequest', (request, reply, done) => {
    // The swagger UI's page sets inline styles; only its own path gets that looser style policy.
    const docs = request.url === DOCS_PREFIX || request.url.startsWith(`${DOCS_PREFIX}/`);
    reply.headers(docs ? docsHeaders : headers);
    done();
  });
}

// The headers helmet sets for these options, as it sets them on a response (its middleware sets
// them all before it calls on, at once).
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  const outcomes: unknown[] = [];
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    outcomes.push(error ?? null);
  });
  if (outcomes.length !== 1) throw new Error('helmet did not set its headers at once');
  if (outcomes[0]) throw outcomes[0];
  return headers;
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
