import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// In dev the API (which also serves /config.json in production) runs on its own port.
const apiTarget = 'http://localhost:3000';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

function listFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(file).isDirectory() ? listFiles(file) : [file];
  });
}

// Writes a brotli (.br) and a gzip (.gz) copy next to every text file of the build, which the API
// sends to browsers that accept them (apps/api/src/plugins/spa.ts): compressed once at build time
// at the highest level, instead of on every request.
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'habitrack:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of listFiles(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

// The sign-in SDK a returning visitor needs starts downloading with the page's own scripts, not
// after them: a tiny classic script, listed first in index.html, reads the provider stored by
// src/lib/storage.ts (key "selectedIdpType", a JSON string) and adds a modulepreload for that
// SDK's chunk (the same decision as src/features/auth/adapters/preload-sdk.ts, which then finds it
// downloaded). Nothing is preloaded for a first visit. A file, not inline code: the CSP forbids those.
function sdkPreload(): Plugin {
  let outDir = '';
  let script: { fileName: string; source: string } | undefined;
  return {
    name: 'habitrack:sdk-preload',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
        const fileOf = (pattern: RegExp) => {
          const chunk = chunks.find((c) => c.facadeModuleId && pattern.test(c.facadeModuleId));
          if (!chunk) throw new Error(`no chunk for ${pattern}: the sign-in SDK preload cannot be built`);
          return `/${chunk.fileName}`;
        };
        const sdkFiles = {
          auth0: fileOf(/[\\/]@auth0[\\/]auth0-spa-js[\\/]/),
          azure_ad: fileOf(/[\\/]@azure[\\/]msal-browser[\\/]dist[\\/]index\.mjs$/),
        };
        const source = [
          '(function () {',
          '  try {',
          `    var href = ${JSON.stringify(sdkFiles)}[JSON.parse(localStorage.getItem('selectedIdpType') || 'null')];`,
          "    if (typeof href !== 'string') return;",
          "    var link = document.createElement('link');",
          "    link.rel = 'modulepreload';",
          '    link.href = href;',
          '    document.head.appendChild(link);',
          '  } catch (error) {}',
          '})();',
          '',
        ].join('\n');
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        script = { fileName: `assets/sdk-preload-${hash}.js`, source };
        return [{ tag: 'script', attrs: { src: `/${script.fileName}`, async: true }, injectTo: 'head' }];
      },
    },
    writeBundle() {
      if (!script) return;
      mkdirSync(path.join(outDir, 'assets'), { recursive: true });
      writeFileSync(path.join(outDir, script.fileName), script.source);
    },
  };
}

// react-router's package exports send every bundler to its development build (extra checks and
// warnings, a larger and slower first chunk); a production build takes its production build.
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), sdkPreload(), precompress()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each entry and lazy route loads (scripts/check-bundle-size.mjs).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Zod and the module that configures it share a chunk, which therefore runs the
            // configuration before any other chunk can build a schema (src/lib/zod-setup.ts).
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-setup\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/config.json': apiTarget,
    },
  },
}));
