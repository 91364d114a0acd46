/**
 * Build-time only (for vite.config.ts, never imported by the app). The production build ships the catalogues
 * already parsed into ICU message ASTs and resolves the ICU parser to its no-parser entry, which keeps ~8 KB gzip
 * out of the first load of the login front. Tests, the dev server and Storybook keep the plain catalogues and the
 * parser.
 */
import { readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Alias, Plugin } from 'vite';
import { APP_TIER_PARTS, appTierPart, type AppTierPart } from './tiers.ts';

export const PRECOMPILED_CATALOGUES_PLUGIN = 'edc:precompiled-catalogues';

const CATALOGUE = /[\\/]src[\\/]i18n[\\/](app[\\/])?(zh_CN|en)\.json$/;
const APP_CATALOGUE_PART = /^(.*\b(?:zh_CN|en)\.json)\?(?:[^#]*&)?part=(\w+)(?:&[^#]*)?$/;
const APP_CATALOGUE_FILE = /[\\/]src[\\/]i18n[\\/]app[\\/](zh_CN|en)\.json$/;
const VIRTUAL_PART = '\0edc-app-catalogue-part:';

export const APP_TIER_PARTS_PLUGIN = 'edc:app-tier-parts';

/**
 * Every mode (build, dev server, tests, Storybook): `src/i18n/app/<locale>.json?part=<part>` is the part of the app
 * tier named (see tiers.ts), a module of its own and so a chunk of its own; `vite build` ships it precompiled like
 * the whole catalogues (below). An unknown part fails, naming it.
 */
export function appTierParts(): Plugin {
  let precompile = false;
  const parts = new Map<string, { path: string; part: AppTierPart }>();
  return {
    name: APP_TIER_PARTS_PLUGIN,
    enforce: 'pre',
    configResolved(config) {
      precompile =
        config.command === 'build' && config.plugins.some((p) => p.name === PRECOMPILED_CATALOGUES_PLUGIN);
    },
    async resolveId(source, importer) {
      const match = APP_CATALOGUE_PART.exec(source);
      if (!match) return null;
      const part = match[2] as AppTierPart;
      if (!APP_TIER_PARTS.includes(part))
        throw new Error(`unknown part "${part}" of the app catalogue (${source})`);
      const file = await this.resolve(match[1] as string, importer, { skipSelf: true });
      if (!file || !APP_CATALOGUE_FILE.test(file.id)) return null;
      const path = file.id.replace(/\?.*$/, '');
      const id = `${VIRTUAL_PART}${(APP_CATALOGUE_FILE.exec(path) as RegExpExecArray)[1]}.${part}.js`;
      parts.set(id, { path, part });
      return id;
    },
    load(id) {
      const found = parts.get(id);
      if (!found) return null;
      const { path: file, part } = found;
      this.addWatchFile(file);
      const messages = appTierPart(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>, part);
      return `export default ${JSON.stringify(precompile ? compileCatalogue(messages) : messages)};`;
    },
  };
}

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
