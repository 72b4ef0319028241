import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Serves the built web app; any non-API GET that wants HTML gets index.html so client-side
// routes (/programme/dashboard, /callback...) survive a reload.
async function spaPlugin(app: FastifyInstance, options: { root: string }) {
  const indexFile = path.join(options.root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root: options.root }, 'web app not built; only the API is served');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    // Hashed assets never change; index.html must always be revalidated.
    setHeaders: (reply, filePath) => {
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml),
  );
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || path.extname(pathname) !== '') {
      return reply.status(404).send({ detail: `No route for ${request.method} ${pathname}` });
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
  });
}

export default fp(spaPlugin, { name: 'spa' });
