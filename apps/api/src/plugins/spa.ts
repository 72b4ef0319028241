import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { acceptedLanguages, negotiateLocale, type TSupportedLocale } from '@habitrack/contracts/common/locales';
import type { TWebConfig } from '@habitrack/contracts/config/get-config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

type Encoding = 'br' | 'gzip';

// index.html in every encoding a browser may ask for, compressed once at startup.
type IndexDocument = Record<Encoding | 'identity', Buffer>;

function compressIndex(html: Buffer): IndexDocument {
  return {
    identity: html,
    br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

// The id of the data block index.html carries the runtime config in (apps/web/src/lib/config.ts).
export const CONFIG_ELEMENT_ID = 'habitrack-config';

// index.html with the runtime config (the same as /config.json) in a JSON data block, which the web
// app reads at start instead of fetching /config.json: one round trip fewer before the first screen.
// A data block is not a script the browser runs, so the Content Security Policy allows it; `<` is
// escaped so no value can end the element. The build's preload of /config.json is then not needed.
export function withInlineConfig(html: string, config: TWebConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${CONFIG_ELEMENT_ID}">${json}</script>`;
  const preload = /<link rel="preload" href="\/config\.json"[^>]*>/;
  if (preload.test(html)) return html.replace(preload, () => block);
  return html.includes('</head>') ? html.replace('</head>', () => `${block}</head>`) : `${block}${html}`;
}

// The best encoding the request accepts (q=0 refuses one); brotli first, it is the smaller.
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const quality = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return null;
}

function sendIndex(document: IndexDocument, request: FastifyRequest, reply: FastifyReply, vary = 'accept-encoding') {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', vary);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(document[encoding ?? 'identity']);
}

// The web build's Login pages (apps/web/prerender-login.mjs): the screen's markup per locale, for
// each set of sign-in services a deployment may offer, named as the build names them.
const PRERENDERED_LOGIN = path.join('.prerendered', 'login.json');
type LoginPage = { html: string; scriptHash: string };
type PrerenderedLogin = { productName: string; pages: Record<string, Partial<Record<TSupportedLocale, LoginPage>>> };
type ServedLoginPage = { document: IndexDocument; scriptHash: string };

// The page's one inline script (it asks for the app once the page has been painted) is allowed by
// its hash, on this page only: every other page keeps `script-src 'self'`.
export function withScriptHash(policy: string, hash: string): string {
  return policy.replace(
    /(^|;)\s*script-src ([^;]*)/,
    (_match, start: string, sources: string) => `${start}script-src ${sources.trim()} '${hash}'`,
  );
}

export function offeringOf(config: TWebConfig): string {
  const offered = [config.auth.azure && 'azure_ad', config.auth.auth0 && 'auth0'].filter(Boolean);
  return offered.length ? offered.join('+') : 'none';
}

// /login in the visitor's language (Accept-Language, as the app picks it from the browser's
// languages), with the Login screen in the HTML: painted before any script has run. Null when the
// build has no such pages, or they were rendered for another product name or set of services than
// this deployment's: the plain index.html is sent then. Each page is compressed when first asked for.
function loginPages(root: string, config: TWebConfig | undefined) {
  const file = path.join(root, PRERENDERED_LOGIN);
  if (!config || !existsSync(file)) return null;
  const prerendered = JSON.parse(readFileSync(file, 'utf8')) as PrerenderedLogin;
  const pages = prerendered.pages[offeringOf(config)];
  if (prerendered.productName !== config.productName || !pages) return null;
  const served = new Map<TSupportedLocale, ServedLoginPage>();
  return (acceptLanguage: string | undefined): ServedLoginPage | null => {
    const locale = negotiateLocale(acceptedLanguages(acceptLanguage));
    const page = pages[locale];
    if (!page) return null;
    let ready = served.get(locale);
    if (!ready) {
      ready = {
        document: compressIndex(Buffer.from(withInlineConfig(page.html, config))),
        scriptHash: page.scriptHash,
      };
      served.set(locale, ready);
    }
    return ready;
  };
}

// Serves the built web app; any non-API GET that wants HTML gets index.html so client-side
// routes (/programme/dashboard, /callback...) survive a reload. The build writes a brotli (.br)
// and a gzip (.gz) copy next to each text asset, sent to browsers that accept them.
async function spaPlugin(app: FastifyInstance, options: { root: string; webConfig?: TWebConfig }) {
  const indexFile = path.join(options.root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root: options.root }, 'web app not built; only the API is served');
    return;
  }
  const html = readFileSync(indexFile, 'utf8');
  const index = compressIndex(Buffer.from(options.webConfig ? withInlineConfig(html, options.webConfig) : html));
  const loginPage = loginPages(options.root, options.webConfig);
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The prerendered pages are sent with the runtime config, never as files.
    allowedPath: (pathName) => !pathName.startsWith('/.prerendered'),
    // Hashed assets never change; everything else (favicon...) must be revalidated.
    setHeaders: (reply, filePath) => {
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(index, request, reply));
  if (loginPage) {
    app.get('/login', { schema: { hide: true } }, (request, reply) => {
      const page = loginPage(request.headers['accept-language']);
      if (!page) return sendIndex(index, request, reply);
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') reply.header('content-security-policy', withScriptHash(policy, page.scriptHash));
      return sendIndex(page.document, request, reply, 'accept-encoding, accept-language');
    });
  }
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || path.extname(pathname) !== '') {
      // Never index.html for a file, and a 404 no cache keeps: during a rolling deploy a new build's
      // chunk may be asked of an instance still serving the old build.
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .send({ detail: `No route for ${request.method} ${pathname}` });
    }
    return sendIndex(index, request, reply);
  });
}

export default fp(spaPlugin, { name: 'spa' });
