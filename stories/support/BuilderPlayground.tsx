/**
 * The builder playground: search-field definitions and a column set edited as JSON, rendered live as the search bar
 * and grid of a list screen (through a fake server whose definitions are the edited JSON, rows generated for the
 * columns), in the builders' editor (renderers/builder): every problem a marker at its place and an entry of the list
 * that jumps there — JSON syntax by offset, definitions by path and prop in the UI language. A definition that cannot
 * be read leaves the preview on the last one that could. Examples from fixtures/, local files, downloads and share
 * links through the file bar; the texts are kept across language switches and reloads when a `draftKey` is given.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../../renderers/intl';
import type { FieldTypeRegistry } from '../../engine/fieldTypes/types';
import { builtinFormatters, colDefIssues, columnsToColDefs } from '../../engine/grid/columnToColDef';
import type { ColumnMappingContext, GridRow } from '../../engine/grid/types';
import { parseColumns } from '../../engine/metadata/parseColumns';
import { parseSearchFields } from '../../engine/metadata/parseSearchFields';
import type { MetadataIssue } from '../../engine/metadata/types';
import { builtinCellRenderers } from '../../renderers/grid/cellRenderers';
import { ListScreen } from '../../renderers/list/ListScreen';
import type { ListScreenConfig } from '../../renderers/list/types';
import { issueText, useEngineLocale } from '../../renderers/search/metadataText';
import { sharedFieldTypes } from '../../renderers/search/sharedFieldTypes';
import { BuilderEditor, type BuilderEditorHandle } from '../../renderers/builder/BuilderEditor';
import type { BuilderCompletions } from '../../renderers/builder/builderCompletion';
import { jsonTree } from '../../renderers/builder/jsonLocate';
import { jsonSyntaxMessage, parseJsonText } from '../../renderers/builder/jsonSyntax';
import { placeIssues, syntaxProblem, type EditorProblem } from '../../renderers/builder/problemRanges';
import { ProblemList } from '../../renderers/builder/ProblemList';
import { useDebouncedCheck } from '../../renderers/builder/useDebouncedCheck';
import { keepDraft, startingText } from '../../renderers/builder/workbenchDraft';
import { WorkbenchToolbar } from '../../renderers/builder/WorkbenchToolbar';
import { metaText } from '../../engine/metadata/metaText';
import type { MetaText } from '../../engine/metadata/types';
import {
  codeListsFromFixtures,
  ListApi,
  openSlot,
  pageOf,
  STORY_TIME_ZONE,
  type RowsParams,
} from './listStory';

const PATHS = {
  searchFields: 'builder/searchFields.do',
  columns: 'builder/columns.do',
  rows: 'builder/list.do',
} as const;
const ROW_KEY = '__row';
const GENERATED_ROWS = 45;

export interface ListSample {
  id: string;
  label: MetaText;
  searchFields: unknown;
  columns: unknown;
}

export interface BuilderPlaygroundProps {
  /** Definitions the editors start from (raw wire format). */
  searchFields: unknown;
  columns: unknown;
  /** Rows whose values are shown where a column's `prop` has one (the others are generated). */
  sampleRows?: readonly GridRow[];
  /** Told the open slot's row (the playground supplies a slot named `open`). */
  onOpen?(row: GridRow): void;
  /** Definitions the picker offers. */
  samples?: readonly ListSample[];
  /** Where edits are kept across language switches and reloads (none: not kept). */
  draftKey?: string;
}

type EditorId = 'searchFields' | 'columns';
const EDITORS: readonly EditorId[] = ['searchFields', 'columns'];

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** Both texts as one (drafts, files, share links): `{ "searchFields": …, "columns": … }`. */
function joinTexts(texts: Record<EditorId, string>): string {
  return `{\n  "searchFields": ${texts.searchFields.replace(/\n/g, '\n  ')},\n  "columns": ${texts.columns.replace(/\n/g, '\n  ')}\n}\n`;
}

/** Both texts as they are, for drafts and share links (either may be broken JSON). */
function wrapTexts(texts: Record<EditorId, string>): string {
  return JSON.stringify({ searchFields: texts.searchFields, columns: texts.columns });
}

/** The two texts of a joined or wrapped text (a file may also be a bare column set). */
function splitTexts(text: string): Record<EditorId, string> | null {
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value)) return { searchFields: '[]', columns: pretty(value) };
    if (value === null || typeof value !== 'object') return null;
    const v = value as Record<string, unknown>;
    // kept drafts and share links: both texts as they are (a text with a syntax error included)
    if (typeof v.searchFields === 'string' && typeof v.columns === 'string')
      return { searchFields: v.searchFields, columns: v.columns };
    if (!('searchFields' in v) && !('columns' in v)) return null;
    return { searchFields: pretty(v.searchFields ?? []), columns: pretty(v.columns ?? []) };
  } catch {
    return null;
  }
}

interface EditorCheck {
  text: string;
  problems: readonly EditorProblem[];
  /** The value when the text is JSON. */
  value: { ok: true; value: unknown; key: string } | { ok: false };
}

/** Leaf column `prop`s (with their type and filter) of a raw column set, depth first. */
function rawLeaves(raw: unknown): { prop: string; fieldtype?: unknown; filter?: unknown }[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((column: unknown) => {
    if (column === null || typeof column !== 'object') return [];
    const c = column as Record<string, unknown>;
    if (Array.isArray(c.children)) return rawLeaves(c.children);
    return typeof c.prop === 'string' ? [{ prop: c.prop, fieldtype: c.fieldtype, filter: c.filter }] : [];
  });
}

/** Rows for a column set: a sample row's value where it has the prop, otherwise one made up for the column's type. */
export function generateRows(
  columns: unknown,
  samples: readonly GridRow[],
  count = GENERATED_ROWS,
): GridRow[] {
  const leaves = rawLeaves(columns);
  return Array.from({ length: count }, (_, i) => {
    const sample = samples.length > 0 ? samples[i % samples.length] : undefined;
    const row: Record<string, unknown> = { [ROW_KEY]: `row-${i + 1}` };
    for (const { prop, fieldtype, filter } of leaves) {
      const codes =
        typeof filter === 'string' && filter.startsWith('codelist:')
          ? codeListsFromFixtures[filter.slice('codelist:'.length)]
          : undefined;
      if (sample && sample[prop] !== undefined) row[prop] = sample[prop];
      else if (codes && codes.length > 0) row[prop] = codes[i % codes.length]?.codevalue;
      else if (fieldtype === 'date')
        row[prop] = new Date(Date.UTC(2026, 0, 1 + i * 3)).toISOString().slice(0, 10);
      else if (fieldtype === 'datetime')
        row[prop] = new Date(Date.UTC(2026, 0, 1 + i, i % 24, 30)).toISOString();
      else if (fieldtype === 'num') row[prop] = 18 + ((i * 7) % 60);
      else row[prop] = `${prop}-${i + 1}`;
    }
    return row;
  });
}

function uniqueIssues(issues: readonly MetadataIssue[]): MetadataIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}|${issue.messageId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const PLAYGROUND_SLOTS = ['open'];

/** Problems of a column set: parsing, and names the grid cannot resolve (renderer, slot, formatter). */
function columnIssues(
  raw: unknown,
  ctx: ColumnMappingContext,
  fieldTypes: FieldTypeRegistry,
): MetadataIssue[] {
  const parsed = parseColumns(raw, fieldTypes);
  return uniqueIssues([...parsed.issues, ...colDefIssues(columnsToColDefs(parsed.items, ctx))]);
}

export function BuilderPlayground({
  searchFields,
  columns,
  sampleRows = [],
  onOpen,
  samples = [],
  draftKey,
}: BuilderPlaygroundProps) {
  const intl = useIntl();
  const locale = useEngineLocale();
  const fieldTypes = sharedFieldTypes;
  const exampleTexts = { searchFields: pretty(searchFields), columns: pretty(columns) };
  const exampleId = samples.find((s) => s.searchFields === searchFields && s.columns === columns)?.id ?? null;
  const [start] = useState(() => {
    const opened = startingText(draftKey ?? null, wrapTexts(exampleTexts), exampleId);
    return { ...opened, texts: splitTexts(opened.text) ?? exampleTexts };
  });
  const [sampleId, setSampleId] = useState(start.source === 'example' ? exampleId : start.example);
  const editors = {
    searchFields: useRef<BuilderEditorHandle>(null),
    columns: useRef<BuilderEditorHandle>(null),
  };
  const [lastRequest, setLastRequest] = useState<unknown>(null);

  const mapping = useMemo<ColumnMappingContext>(
    () => ({
      locale,
      userTimeZone: STORY_TIME_ZONE,
      fieldTypes,
      formatters: builtinFormatters,
      cellRenderers: new Set(Object.keys(builtinCellRenderers)),
      slots: new Set(PLAYGROUND_SLOTS),
      issueText: (issue) => issueText(intl, issue),
    }),
    [locale, fieldTypes, intl],
  );

  const check = useCallback(
    (id: EditorId, text: string): EditorCheck => {
      const parsed = parseJsonText(text);
      if (!parsed.ok)
        return {
          text,
          problems: [syntaxProblem(text, parsed.offset, jsonSyntaxMessage(intl, text, parsed.offset))],
          value: { ok: false },
        };
      const value = parsed.value;
      const issues =
        id === 'searchFields'
          ? uniqueIssues(parseSearchFields(value, fieldTypes).issues)
          : columnIssues(value, mapping, fieldTypes);
      const index = issues.length > 0 ? jsonTree(text) : null;
      const problems = index
        ? placeIssues(text, index, issues, (issue) => ({ message: issueText(intl, issue) }), id)
        : [];
      return { text, problems, value: { ok: true, value, key: JSON.stringify(value) } };
    },
    [intl, fieldTypes, mapping],
  );

  const [checks, setChecks] = useState<Record<EditorId, EditorCheck>>(() => ({
    searchFields: check('searchFields', start.texts.searchFields),
    columns: check('columns', start.texts.columns),
  }));
  const [shown, setShown] = useState(() => ({
    searchFields: checks.searchFields.value.ok
      ? checks.searchFields.value
      : { value: searchFields, key: pretty(searchFields) },
    columns: checks.columns.value.ok ? checks.columns.value : { value: columns, key: pretty(columns) },
  }));

  const currentTexts = (): Record<EditorId, string> => ({
    searchFields: editors.searchFields.current?.text() ?? checks.searchFields.text,
    columns: editors.columns.current?.text() ?? checks.columns.text,
  });

  const runCheck = (id: EditorId, text: string) => {
    const result = check(id, text);
    setChecks((c) => ({ ...c, [id]: result }));
    if (result.value.ok) {
      const { value, key } = result.value;
      setShown((s) => (s[id].key === key ? s : { ...s, [id]: { value, key } }));
    }
    keepDraft(draftKey ?? null, wrapTexts({ ...currentTexts(), [id]: text }));
  };
  const searchCheck = useDebouncedCheck((text) => runCheck('searchFields', text));
  const columnsCheck = useDebouncedCheck((text) => runCheck('columns', text));
  const debounced = { searchFields: searchCheck, columns: columnsCheck };

  const load = (texts: Record<EditorId, string>, id: string | null) => {
    for (const e of EDITORS) {
      editors[e].current?.setText(texts[e]);
      debounced[e].cancel();
      runCheck(e, texts[e]);
    }
    setSampleId(id);
    keepDraft(draftKey ?? null, wrapTexts(texts), id);
  };

  const completions = useMemo(
    () => (): BuilderCompletions => ({
      values: {
        fieldtype: fieldTypes.names().map((name) => ({ label: name })),
        codelisttype: Object.keys(codeListsFromFixtures).map((name) => ({ label: name })),
        render: Object.keys(builtinCellRenderers).map((name) => ({ label: name })),
        formatter: Object.keys(builtinFormatters).map((name) => ({ label: name })),
        slot: PLAYGROUND_SLOTS.map((name) => ({ label: name })),
      },
      ruleProperties: [],
      variables: [],
      functions: [],
    }),
    [fieldTypes],
  );

  const rows = useMemo(
    () => generateRows(shown.columns.value, sampleRows),
    [shown.columns.value, sampleRows],
  );
  const config = useMemo<ListScreenConfig>(
    () => ({
      id: 'builder',
      search: { fieldsPath: PATHS.searchFields, listKey: 'builder' },
      grid: {
        columnsPath: PATHS.columns,
        dataPath: PATHS.rows,
        method: 'POST',
        rowKey: ROW_KEY,
        slots: openSlot((row) => onOpen?.(row)),
      },
      fieldTypes,
    }),
    [fieldTypes, onOpen],
  );
  const stale = EDITORS.some((id) => !checks[id].value.ok);

  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <WorkbenchToolbar
        samples={samples.map((s) => ({ id: s.id, label: metaText(s.label, locale) }))}
        sampleId={sampleId}
        onPick={(id) => {
          const sample = samples.find((s) => s.id === id);
          if (sample)
            load({ searchFields: pretty(sample.searchFields), columns: pretty(sample.columns) }, id);
        }}
        onOpenText={(text) => {
          const texts = splitTexts(text);
          load(texts ?? { searchFields: text, columns: currentTexts().columns }, null);
        }}
        currentText={() => joinTexts(currentTexts())}
        shareText={() => wrapTexts(currentTexts())}
        fileName="list-definitions.json"
        onRestore={() => load(exampleTexts, exampleId)}
        source={start.source}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {EDITORS.map((id) => (
          <Box
            key={id}
            sx={{ flex: '1 1 420px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            <Typography variant="subtitle2" component="h2">
              <FormattedMessage id={id === 'searchFields' ? 'builder.searchFields' : 'builder.columns'} />
            </Typography>
            <BuilderEditor
              id={id}
              label={intl.formatMessage({
                id: id === 'searchFields' ? 'builder.searchFields' : 'builder.columns',
              })}
              initialText={start.texts[id]}
              onChange={(read) => debounced[id].call(read)}
              problems={checks[id].problems}
              problemsText={checks[id].text}
              completions={completions}
              height="40vh"
              handleRef={editors[id]}
            />
            <ProblemList
              id={id}
              problems={checks[id].problems}
              onSelect={(p) => editors[id].current?.reveal(p.from, p.to)}
            />
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="h6" component="h2">
          <FormattedMessage id="builder.preview" />
        </Typography>
        {stale && (
          <Typography variant="body2" color="warning.main" data-testid="builder-stale">
            <FormattedMessage id="builder.stalePreview" />
          </Typography>
        )}
      </Box>
      {/* a new fake server (and a fresh screen) whenever a definition that can be read changes */}
      <ListApi
        key={`${shown.searchFields.key}\n${shown.columns.key}`}
        setup={() => ({
          paths: {
            [PATHS.searchFields]: shown.searchFields.value as object,
            [PATHS.columns]: shown.columns.value as object,
            [PATHS.rows]: (params: Record<string, unknown>) => {
              setLastRequest(params);
              return pageOf(rows, params as RowsParams);
            },
          },
        })}
      >
        <ListScreen
          config={config}
          userTimeZone={STORY_TIME_ZONE}
          gridHeight={360}
          suppressRowVirtualisation
        />
      </ListApi>
      <Box>
        <Typography variant="subtitle2">
          <FormattedMessage id="builder.lastRequest" />
        </Typography>
        <Box
          component="pre"
          data-testid="builder-last-request"
          sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 12, overflowX: 'auto' }}
        >
          {lastRequest === null ? '' : JSON.stringify(lastRequest)}
        </Box>
      </Box>
    </Box>
  );
}
