import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { APP_BASE } from './engine/api/protocol.ts';
import { appTierParts, precompiledCatalogues } from './src/i18n/buildPlugin.ts';
import { muiLean } from './src/platform/muiLeanPlugin.ts';
import { muiThemeWithoutCssVars } from './src/platform/muiThemeWithoutCssVarsPlugin.ts';
import { chunkBoundaries } from './src/platform/chunkBoundariesPlugin.ts';

/** The modules of the home shell's first paint (see the `shell` group below). */
const SHELL_TIER = new RegExp(
  [
    String.raw`src[\\/]shell[\\/](HomeShell|AccessGuard|AccountActions|HelpMenu|LoginRequired|OutageBanner|useDeliberateLogout|useSessionMonitor|useShellData)\.tsx?$`,
    String.raw`renderers[\\/](Footer|OnlineServiceWidget|LoadFailed|userTimeZone|rolePermissionsContext)\.tsx?$`,
    String.raw`renderers[\\/]menu[\\/](MenuRenderer|menuTree|LazyMenu)\.tsx?$`,
    String.raw`renderers[\\/]overlay[\\/]EmbeddedPageContext\.tsx$`,
    String.raw`renderers[\\/]async[\\/](AsyncView|index|stableKey|useAsync|useEndpoint)\.tsx?$`,
    String.raw`engine[\\/]session[\\/](sessionMonitor|version|picParams)\.ts$`,
    String.raw`engine[\\/]access[\\/]`,
    String.raw`src[\\/]routing[\\/](returnTo|useRouteAppTierParts)\.ts$`,
    // (no MUI component: since stop 28 the shell draws its app bar, menu and rows with Box, ButtonBase and Button, in
    // boot and index; AppBar, Toolbar, List, ListItemButton, ListItemText, Collapse, Transition, Alert, IconButton,
    // SvgIcon, Stack, useMediaQuery are loaded by the pages and dialogs that use them, in their own chunks)
    String.raw`@mui[\\/]material[\\/]utils[\\/](contains|focusable)\.mjs$`,
    String.raw`@mui[\\/]system[\\/](styled|useThemeProps)[\\/]`,
    String.raw`@mui[\\/]utils[\\/](contains|createChainedFunction|getReactElementRef|getScrollbarSize|setRef)[\\/]`,
  ].join('|'),
);

/** The modules only the form route loads (see the `formRoute` group below). */
const FORM_ROUTE_TIER = new RegExp(
  [
    String.raw`src[\\/]drafts[\\/]useFormDraft\.ts$`,
    String.raw`src[\\/]features[\\/]data[\\/](FormPage|FormRecordPage|formPageLoader)\.tsx?$`,
    String.raw`src[\\/]features[\\/]data[\\/]formRecord[\\/]`,
    String.raw`renderers[\\/]ecrf[\\/](EcrfForm|FieldRow|FormToolbar|HtmlText|ItemAdornments|SchemaIssuesPanel|SectionNavigator|cachedMessage|ecrfEnv|ecrfStyles|ecrfTexts|formFocus|formRuntime|icons|problemText|saveDialogs)\.tsx?$`,
    String.raw`renderers[\\/]ecrf[\\/]widgets[\\/](ChoiceWidgets|DateCalendar|OtherWidgets|TextWidgets|inputAssist|registry|types)\.tsx?$`,
    String.raw`renderers[\\/]actions[\\/](builtinAdornments|itemAdornments|recordActions|builtinActions|recordRegistries|RecordActionBar)\.tsx?$`,
    String.raw`src[\\/]routing[\\/]router[\\/]blocker\.ts$`,
    String.raw`@mui[\\/]material[\\/]AlertTitle[\\/]`,
  ].join('|'),
);

/**
 * The form and rules engines (see the `formEngine` group below): the form route, its audit dialog, the study import and
 * the builder use them; not engine/form/types.ts (its constants are read by pages without a form).
 */
const FORM_ENGINE_TIER = /engine[\\/](form[\\/](?!types\.ts$)|rules[\\/])/;

/** The SPA is served under APP_BASE (/edcweb/); the reference server serves the API at /edc and /login. */
export default defineConfig({
  base: APP_BASE,
  plugins: [
    react(),
    appTierParts(),
    precompiledCatalogues(),
    muiThemeWithoutCssVars(),
    muiLean(),
    chunkBoundaries(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/edc/': 'http://localhost:8080',
      '/login/': 'http://localhost:8080',
      '/config.json': 'http://localhost:8080',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // every browser the app supports has <link rel=modulepreload> (Chrome 66, Firefox 115, Safari 17): no polyfill
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // emotion imports hoist-non-react-statics (CommonJS) for its `withTheme`, which the app never uses, and once
        // more bare (`import 'hoist-non-react-statics'`): a module without side effects, so both go (≈ 2 KB gzip)
        moduleSideEffects: (id: string) =>
          !/[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          // the small modules every first screen needs, in one file instead of a handful of tiny ones (the router's
          // hooks included: every page uses them, not its blocker or memory routers); not the boot catalogue of a
          // locale other than the default (en.json), which is loaded when that locale is first used
          groups: [
            {
              // (+ MUI's slot and DOM helpers that the login front's inputs and the shell's menu both use, and the
              // text-limit hint of the login front's inputs and of the eCRF form: in `inputs` they made the form route
              // load that whole file, which it does not otherwise need; stop 28)
              name: 'boot',
              test: /[\\/](src[\\/](i18n[\\/](?!app[\\/]|en\.json)|platform[\\/]|session[\\/]|routing[\\/]router[\\/](?!blocker|memory))|engine[\\/]session[\\/](storageKeys|loginInfo)\.ts|renderers[\\/](PageLoading|InlineMessage|ChunkLoadFailed|LanguageSwitch)\.tsx|@mui[\\/]material[\\/]useSlot|@mui[\\/]material[\\/]utils[\\/](useSlot|useEnhancedEffect|ownerDocument|getActiveElement|isMuiElement)\.mjs$|@mui[\\/]utils[\\/](mergeSlotProps|extractEventHandlers|omitEventHandlers|appendOwnerState|isEventHandler|resolveComponentProps|isHostComponent|useSlotProps|isMuiElement|ownerDocument|getActiveElement)[\\/]|renderers[\\/]form[\\/]LimitHint\.tsx$)/,
            },
            {
              // the home shell and what it draws at first paint (app bar, menu, account actions, session monitor,
              // toasts' Alert; not MUI's Dialog and Modal: every dialog, the embedded-page overlay too, is loaded when
              // first opened, stop 27): every page of the shell loads
              // all of it anyway, so one file instead of ~35 small ones shared by the subject list, the form and the
              // other pages (−11 KB gzip on the form route: per-file overhead and imports between the parts; stop 26
              // in docs/perf-list-and-bundles.md). Only these modules, not their dependencies (React, MUI core stay
              // in index and boot); never a catalogue part (an English user would load the Chinese one).
              name: 'shell',
              test: SHELL_TIER,
              includeDependenciesRecursively: false,
            },
            {
              // what only the form route loads (its page, the eCRF renderers, the record's actions and adornments, the
              // draft hook): one file instead of ~12 (stop 28). Named modules only: not the lazily loaded dialogs or
              // log-line table (they would become static imports of the group), not the dynamic entry
              // recordWorkflows.tsx (rolldown then drops its export: "Export 'recordWorkflows_exports' is not
              // defined"), not the contract modules (engine/api/*: their schemas are built at module evaluation, which
              // the group reorders), not what other pages use (formPaths, the draft store, the ordered registry,
              // engine/form/types.ts): chunkBoundaries() fails the build when another page imports this chunk
              name: 'formRoute',
              test: FORM_ROUTE_TIER,
              includeDependenciesRecursively: false,
            },
            {
              // the form and rules engines, one file (what the form route, its audit dialog and the study import share)
              name: 'formEngine',
              test: FORM_ENGINE_TIER,
              includeDependenciesRecursively: false,
            },
            {
              // the input parts of the login front (and of the forms of dialogs), in one file instead of three or four
              // (not the eCRF form: its widgets are plain inputs)
              name: 'inputs',
              test: /[\\/](@mui[\\/]material[\\/](InputBase|OutlinedInput|FormControl|FormHelperText|FormLabel|InputLabel|TextareaAutosize)[\\/]|@mui[\\/]material[\\/]Select[\\/]selectClasses\.mjs$|@mui[\\/]utils[\\/](getActiveElement|ownerDocument|ownerWindow|debounce)[\\/])/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
