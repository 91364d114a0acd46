/**
 * Build-time only (for vite.config.ts, never imported by the app). The production build ships the catalogues
 * already parsed into ICU message ASTs and resolves the ICU parser to its no-parser entry, which keeps ~8 KB gzip
 * out of the first load of the login front. Tests, the dev server and Storybook keep the plain catalogues and the
 * parser.
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Alias, Plugin } from 'vite';

export const PRECOMPILED_CATALOGUES_PLUGIN = 'edc:precompiled-catalogues';

const CATALOGUE = /[\\/]src[\\/]i18n[\\/](app[\\/])?(zh_CN|en)\.json$/;

/** With every catalogue precompiled, the app never parses a message at run time. */
export const icuNoParserAlias: Alias = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
};

/** Parses one catalogue (id → ICU text) into id → AST; a malformed message fails the build, naming its id. */
export function compileCatalogue(messages: Record<string, string>): Record<string, ReturnType<typeof parse>> {
  return Object.fromEntries(
    Object.entries(messages).map(([id, text]) => {
      try {
        return [id, parse(text)];
      } catch (error) {
        throw new Error(`message "${id}" is not valid ICU: ${String(error)}`, { cause: error });
      }
    }),
  );
}

/** `vite build`: `src/i18n/<locale>.json` and `src/i18n/app/<locale>.json` become ASTs and the parser is left out. */
export function precompiledCatalogues(): Plugin {
  return {
    name: PRECOMPILED_CATALOGUES_PLUGIN,
    apply: 'build',
    enforce: 'pre',
    config: () => ({ resolve: { alias: [icuNoParserAlias] } }),
    transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      // still JSON: Vite's JSON plugin turns it into the module
      return {
        code: JSON.stringify(compileCatalogue(JSON.parse(code) as Record<string, string>)),
        map: null,
      };
    },
  };
}
