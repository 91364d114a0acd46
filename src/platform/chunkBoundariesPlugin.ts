/**
 * Build-time only (for vite.config.ts, never imported by the app). The `formRoute` and `formEngine` chunk groups
 * (vite.config.ts) put the form route's modules in one file each; a module of theirs that another page imports drags
 * the whole file into that page (stop 28's review found the subject page, medical coding and logout loading the form
 * route's 35 KB for a registry, a constant and the drafts). This fails the build when a chunk outside the form route
 * imports `formRoute` (statically, or dynamically as logout did), naming the chunk, so such a module is moved out of the group instead.
 */
import type { Plugin } from 'vite';

export const CHUNK_BOUNDARIES_PLUGIN = 'edc:chunk-boundaries';

/** The chunks that may import the form route's chunk: its own page, its dialogs and workflows, and the study import's form preview. */
export const FORM_ROUTE_IMPORTERS =
  /^(FormPage|FormRecordPage|formPageLoader|recordWorkflows|StudyImportPage|[A-Za-z]*Dialogs?|LoglineTable)$/;

interface ChunkLike {
  type: 'chunk' | 'asset';
  name?: string;
  fileName: string;
  imports?: readonly string[];
  dynamicImports?: readonly string[];
}

/**
 * The chunks importing a chunk of `group` that may not (their names): a static import only from `allowed`, a dynamic
 * one also from `allowedDynamic` (the router's lazy route).
 */
export function chunksCrossing(
  bundle: Record<string, ChunkLike>,
  group: string,
  allowed: RegExp,
  allowedDynamic: RegExp,
): string[] {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const groupFiles = new Set(chunks.filter((c) => c.name === group).map((c) => c.fileName));
  const imports = (files: readonly string[] | undefined) => (files ?? []).some((f) => groupFiles.has(f));
  return chunks
    .filter((c) => c.name !== group)
    .filter((c) => {
      const name = c.name ?? c.fileName;
      if (allowed.test(name)) return false;
      return imports(c.imports) || (imports(c.dynamicImports) && !allowedDynamic.test(name));
    })
    .map((c) => c.name ?? c.fileName)
    .sort();
}

export function chunkBoundaries(): Plugin {
  return {
    name: CHUNK_BOUNDARIES_PLUGIN,
    apply: 'build',
    generateBundle(_options, bundle) {
      const crossing = chunksCrossing(
        bundle as Record<string, ChunkLike>,
        'formRoute',
        FORM_ROUTE_IMPORTERS,
        /^index$/,
      );
      if (crossing.length > 0)
        this.error(
          `the form route's chunk (formRoute, vite.config.ts) is imported by ${crossing.join(', ')}: move the module ` +
            'they need out of FORM_ROUTE_TIER, or add the chunk to FORM_ROUTE_IMPORTERS if it is part of the form route',
        );
    },
  };
}
