/**
 * Build-time only (for vite.config.ts, never imported by the app). MUI code every page loaded and the app never runs,
 * replaced in the production build by small stand-ins (stop 28 in docs/perf-list-and-bundles.md):
 *
 * - the ripple: the theme turns it off for every ButtonBase (`MuiButtonBase` defaultProps `disableRipple`, with a
 *   focus outline instead, src/theme.ts), but ButtonBase imports TouchRipple (with Ripple and their keyframes) and the
 *   lazy ripple holder whatever its props: ButtonBase's two imports resolve to stand-ins that draw nothing;
 * - the loading indicator of Button and IconButton: both import CircularProgress (with useReducedMotion) for their
 *   `loading` prop, which the app's buttons do not use: their import resolves to the app's CSS spinner (renderers/Spinner.tsx, a
 *   progressbar named by the button as MUI's is), so a `loading` button still shows and announces its progress.
 *
 * Each replacement names the exact import it replaces; the build fails (not silently keeps MUI's module) when a MUI
 * upgrade moves or renames one of them: `buildEnd` checks that every replacement was used.
 * `src/platform/buildPlugins.test.ts` checks the imports in MUI's files and the theme. Tests, the dev server and
 * Storybook keep MUI whole.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export const MUI_LEAN_PLUGIN = 'edc:mui-lean';

export interface MuiReplacement {
  /** What is left out, and why the app can do without it (for the build's error message). */
  what: string;
  /** The importing MUI module, relative to @mui/material. */
  importer: string;
  /** The import specifier exactly as the importer writes it. */
  source: string;
  /** The stand-in: a virtual module's code, or `{ file }`, a module of the app. */
  stub: string | { file: string };
}

const SPINNER = path.resolve(import.meta.dirname, '../../renderers/Spinner.tsx');

export const MUI_REPLACEMENTS: readonly MuiReplacement[] = [
  {
    what: "ButtonBase's touch ripple (the theme sets disableRipple on every ButtonBase)",
    importer: 'ButtonBase/ButtonBase.mjs',
    source: './TouchRipple.mjs',
    stub: 'export default function TouchRipple() { return null; }\n',
  },
  {
    what: "ButtonBase's lazy ripple holder (nothing to start: no ripple is ever mounted)",
    importer: 'ButtonBase/ButtonBase.mjs',
    source: '../useLazyRipple/index.mjs',
    stub: [
      'const noop = () => {};',
      'const NO_RIPPLE = Object.freeze({ ref: Object.freeze({ current: null }), shouldMount: false, start: noop, stop: noop, pulsate: noop });',
      'export default function useLazyRipple() { return NO_RIPPLE; }',
      '',
    ].join('\n'),
  },
  {
    what: "Button's loading indicator (CircularProgress; the app's CSS spinner instead)",
    importer: 'Button/Button.mjs',
    source: '../CircularProgress/index.mjs',
    stub: { file: SPINNER },
  },
  {
    what: "IconButton's loading indicator (CircularProgress; the app's CSS spinner instead)",
    importer: 'IconButton/IconButton.mjs',
    source: '../CircularProgress/index.mjs',
    stub: { file: SPINNER },
  },
];

const STUB_PREFIX = '\0edc:mui-lean:';

function importerMatches(importer: string, relative: string): boolean {
  return importer.replaceAll('\\', '/').endsWith(`/@mui/material/${relative}`);
}

/** The replacement for `source` imported by `importer`, if any. */
export function replacementFor(source: string, importer: string | undefined): MuiReplacement | undefined {
  if (importer === undefined) return undefined;
  return MUI_REPLACEMENTS.find((r) => r.source === source && importerMatches(importer, r.importer));
}

export function muiLean(): Plugin {
  const used = new Set<MuiReplacement>();
  return {
    name: MUI_LEAN_PLUGIN,
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      used.clear();
    },
    resolveId(source, importer) {
      const replacement = replacementFor(source, importer);
      if (!replacement) return null;
      used.add(replacement);
      return typeof replacement.stub === 'string'
        ? STUB_PREFIX + MUI_REPLACEMENTS.indexOf(replacement)
        : replacement.stub.file;
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      const replacement = MUI_REPLACEMENTS[Number(id.slice(STUB_PREFIX.length))];
      return typeof replacement?.stub === 'string' ? replacement.stub : null;
    },
    buildEnd(error) {
      if (error) return;
      const missing = MUI_REPLACEMENTS.filter((r) => !used.has(r));
      if (missing.length > 0)
        this.error(
          `${MUI_LEAN_PLUGIN}: MUI no longer imports ${missing
            .map((r) => `${r.source} from ${r.importer} (${r.what})`)
            .join(
              '; ',
            )}, or the app no longer uses the importing component: update src/platform/muiLeanPlugin.ts ` +
            '(stop 28 in docs/perf-list-and-bundles.md)',
        );
    },
  };
}
