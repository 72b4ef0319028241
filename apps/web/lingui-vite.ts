import { transformAsync } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// Lingui for Vite 8: the catalogs (a .po file imported becomes its compiled messages, src/lib/i18n/catalogs.ts)
// and the macros (Trans, t, msg, plural, …) turned into runtime calls. @vitejs/plugin-react 6 has no
// Babel step of its own, and @rolldown/plugin-babel needs Node 22, so the macros go through Babel
// here, before the JSX and TypeScript transform, and only in the files that import a macro.
// A missing translation or a message that does not compile fails the build (failOnMissing).
const SOURCE = /\.[cm]?[jt]sx?$/;

export function linguiPlugins(): Plugin[] {
  const configPath = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));
  const linguiConfig = getConfig({ configPath });
  const macroPackages = [
    ...new Set([...(linguiConfig.macro?.corePackage ?? []), ...(linguiConfig.macro?.jsxPackage ?? [])]),
  ];
  const macros: Plugin = {
    name: 'habitrack:lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (!SOURCE.test(file) || file.includes('/node_modules/')) return null;
      if (!macroPackages.some((name) => code.includes(`'${name}'`) || code.includes(`"${name}"`))) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: /\.[cm]?[jt]sx$/.test(file) ? ['typescript', 'jsx'] : ['typescript'] },
        plugins: [[linguiMacro, { linguiConfig }]],
      });
      if (!result?.code) return null;
      return { code: result.code, map: result.map };
    },
  };
  return [macros, ...lingui({ configPath, failOnMissing: true, failOnCompileError: true })];
}
