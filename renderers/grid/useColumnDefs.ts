import { useMemo } from 'react';
import type { FieldTypeRegistry } from '../../engine/fieldTypes/types';
import { builtinFormatters, columnsToColDefs } from '../../engine/grid/columnToColDef';
import type { ColumnMappingContext, GridColDef, ValueFormatter } from '../../engine/grid/types';
import { codeLabelMap } from '../../engine/metadata/codeOptions';
import { columnLeaves, parseColumns } from '../../engine/metadata/parseColumns';
import type { CodeOption, ColumnNode, ParsedList } from '../../engine/metadata/types';
import { useAsync } from '../async/useAsync';
import { useCodeListCache } from '../search/codeLists';
import { useEngineLocale, useIssueText } from '../search/metadataText';
import { useDefinitions } from '../useDefinitions';

export type ColumnsState =
  | { status: 'loading' }
  | { status: 'error'; retry(): void }
  | { status: 'ready'; defs: readonly GridColDef[] };

export interface ColumnMappingOptions {
  fieldTypes: FieldTypeRegistry;
  userTimeZone: string;
  /** Names the column mapping accepts for `render` and `slotName`. */
  cellRendererNames: readonly string[];
  slotNames: readonly string[];
  /** Extra value formatters (`filter` names) besides the built-in ones. */
  formatters?: Readonly<Record<string, ValueFormatter>>;
}

export interface ColumnDefsOptions extends ColumnMappingOptions {
  columnsPath: string;
}

const noCodeLists: ReadonlyMap<string, readonly CodeOption[]> = new Map();

/** Code lists the `codelist:<type>` formatters of the columns need. */
function neededCodeLists(parsed: ParsedList<ColumnNode> | null): string[] {
  if (!parsed) return [];
  const types = columnLeaves(parsed.items)
    .filter((leaf) => leaf.filter?.name === 'codelist' && leaf.filter.arg)
    .map((leaf) => leaf.filter?.arg ?? '');
  return [...new Set(types)].sort();
}

/**
 * Maps a parsed column set to the grid's column definitions in the current language, loading the code lists its
 * `codelist` formatters use (their codes are shown as they are until then). null while there is no column set.
 */
export function useMappedColumnDefs(
  parsed: ParsedList<ColumnNode> | null,
  options: ColumnMappingOptions,
): readonly GridColDef[] | null {
  const { fieldTypes, userTimeZone, cellRendererNames, slotNames, formatters } = options;
  const locale = useEngineLocale();
  const issueText = useIssueText();
  const cache = useCodeListCache();

  const codeLists = neededCodeLists(parsed).join('\n');
  // a code list that fails to load leaves its codes shown as they are
  const loadedCodeLists = useAsync(async () => {
    const types = codeLists.split('\n');
    const results = await Promise.allSettled(types.map((type) => cache.get(type)));
    const loaded = new Map<string, readonly CodeOption[]>();
    results.forEach((result, i) => {
      if (result.status === 'fulfilled') loaded.set(types[i] ?? '', result.value);
    });
    return loaded as ReadonlyMap<string, readonly CodeOption[]>;
  }, codeLists || null);
  const codeOptions =
    loadedCodeLists.status === 'ready' ? loadedCodeLists.data : (loadedCodeLists.previous ?? noCodeLists);

  const rendererKey = cellRendererNames.join('\n');
  const slotKey = slotNames.join('\n');
  return useMemo(() => {
    if (!parsed) return null;
    const labels = new Map<string, ReadonlyMap<string, string>>();
    const ctx: ColumnMappingContext = {
      locale,
      userTimeZone,
      fieldTypes,
      formatters: { ...builtinFormatters, ...formatters },
      codeLabels(type) {
        let map = labels.get(type);
        if (!map) {
          const list = codeOptions.get(type) ?? cache.peek(type);
          if (!list) return undefined;
          map = codeLabelMap(list, locale);
          labels.set(type, map);
        }
        return map;
      },
      cellRenderers: new Set(rendererKey ? rendererKey.split('\n') : []),
      slots: new Set(slotKey ? slotKey.split('\n') : []),
      issueText,
    };
    return columnsToColDefs(parsed.items, ctx);
  }, [
    parsed,
    locale,
    userTimeZone,
    fieldTypes,
    formatters,
    cache,
    codeOptions,
    rendererKey,
    slotKey,
    issueText,
  ]);
}

/** The column definitions of a column set given as the server sent it (e.g. a datalist's `columns`). */
export function useInlineColumnDefs(
  columns: readonly unknown[] | null,
  options: ColumnMappingOptions,
): readonly GridColDef[] | null {
  const parsed = useMemo(
    () => (columns ? parseColumns(columns, options.fieldTypes) : null),
    [columns, options.fieldTypes],
  );
  return useMappedColumnDefs(parsed, options);
}

/**
 * Loads and parses a column set (GET `columnsPath`), loads the code lists its `codelist` formatters use, and maps
 * it to the grid's column definitions in the current language.
 */
export function useColumnDefs(options: ColumnDefsOptions): ColumnsState {
  const definitions = useDefinitions(options.columnsPath, parseColumns, options.fieldTypes);
  const defs = useMappedColumnDefs(definitions.status === 'ready' ? definitions.parsed : null, options);
  if (definitions.status !== 'ready') return definitions;
  return { status: 'ready', defs: defs ?? [] };
}
