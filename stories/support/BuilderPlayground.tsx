/**
 * The builder playground: search-field definitions and a column set edited as JSON, rendered live as the search bar
 * and grid of a list screen (through a fake server whose definitions are the edited JSON, rows generated for the
 * columns), with every problem listed precisely — JSON syntax by line and column, definitions by path and prop in the
 * UI language. A definition that cannot be read leaves the preview on the last one that could.
 */
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
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
import { readJson, type JsonSyntaxProblem } from '../../renderers/builder/jsonSyntax';
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

export interface BuilderPlaygroundProps {
  /** Definitions the editors start from (raw wire format). */
  searchFields: unknown;
  columns: unknown;
  /** Rows whose values are shown where a column's `prop` has one (the others are generated). */
  sampleRows?: readonly GridRow[];
  /** Told the open slot's row (the playground supplies a slot named `open`). */
  onOpen?(row: GridRow): void;
}

type Problem = { kind: 'json'; problem: JsonSyntaxProblem } | { kind: 'issue'; issue: MetadataIssue };

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** The last JSON value of a text that could be read, and the text's syntax problem now (if any). */
function useLastReadable(text: string, initial: unknown) {
  const reading = useMemo(() => readJson(text), [text]);
  const [last, setLast] = useState<{ value: unknown; key: string }>(() => ({
    value: initial,
    key: JSON.stringify(initial),
  }));
  if (reading.ok) {
    const key = JSON.stringify(reading.value);
    if (key !== last.key) setLast({ value: reading.value, key });
  }
  return { value: last.value, key: last.key, syntax: reading.ok ? null : reading.problem };
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

function ProblemList({ id, problems }: { id: string; problems: readonly Problem[] }) {
  const intl = useIntl();
  if (problems.length === 0)
    return (
      <Typography variant="body2" color="success.main" data-testid={`builder-issues-${id}`}>
        <FormattedMessage id="builder.noIssues" />
      </Typography>
    );
  return (
    <Box data-testid={`builder-issues-${id}`} role="alert">
      <Typography variant="subtitle2" color="error.main">
        <FormattedMessage id="builder.issues" />
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2', color: 'error.main' }}>
        {problems.map((p, i) => (
          <li key={i} data-testid="builder-issue">
            {p.kind === 'issue'
              ? issueText(intl, p.issue)
              : p.problem.found === null
                ? intl.formatMessage(
                    { id: 'builder.jsonErrorAtEnd' },
                    { line: p.problem.line, column: p.problem.column },
                  )
                : intl.formatMessage(
                    { id: 'builder.jsonError' },
                    { line: p.problem.line, column: p.problem.column, found: p.problem.found },
                  )}
          </li>
        ))}
      </Box>
    </Box>
  );
}

function JsonEditor({
  id,
  labelId,
  text,
  onChange,
  problems,
}: {
  id: string;
  labelId: string;
  text: string;
  onChange(text: string): void;
  problems: readonly Problem[];
}) {
  const intl = useIntl();
  return (
    <Box sx={{ flex: '1 1 420px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <TextField
        id={`builder-${id}`}
        label={intl.formatMessage({ id: labelId })}
        multiline
        minRows={12}
        maxRows={24}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        slotProps={{
          htmlInput: { spellCheck: false, 'data-testid': `builder-editor-${id}` },
          input: {
            sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 },
          },
        }}
      />
      <ProblemList id={id} problems={problems} />
    </Box>
  );
}

export function BuilderPlayground({
  searchFields,
  columns,
  sampleRows = [],
  onOpen,
}: BuilderPlaygroundProps) {
  const intl = useIntl();
  const locale = useEngineLocale();
  const fieldTypes = sharedFieldTypes;
  const [searchText, setSearchText] = useState(() => pretty(searchFields));
  const [columnsText, setColumnsText] = useState(() => pretty(columns));
  const search = useLastReadable(searchText, searchFields);
  const grid = useLastReadable(columnsText, columns);
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

  const searchProblems: Problem[] = search.syntax
    ? [{ kind: 'json', problem: search.syntax }]
    : parseSearchFields(search.value, fieldTypes).issues.map((issue) => ({ kind: 'issue', issue }));
  const columnProblems: Problem[] = grid.syntax
    ? [{ kind: 'json', problem: grid.syntax }]
    : columnIssues(grid.value, mapping, fieldTypes).map((issue) => ({ kind: 'issue', issue }));

  const rows = useMemo(() => generateRows(grid.value, sampleRows), [grid.value, sampleRows]);
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

  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <JsonEditor
          id="searchFields"
          labelId="builder.searchFields"
          text={searchText}
          onChange={setSearchText}
          problems={searchProblems}
        />
        <JsonEditor
          id="columns"
          labelId="builder.columns"
          text={columnsText}
          onChange={setColumnsText}
          problems={columnProblems}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="h6" component="h2">
          <FormattedMessage id="builder.preview" />
        </Typography>
        {(search.syntax || grid.syntax) && (
          <Typography variant="body2" color="warning.main" data-testid="builder-stale">
            <FormattedMessage id="builder.stalePreview" />
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Button
          size="small"
          onClick={() => {
            setSearchText(pretty(searchFields));
            setColumnsText(pretty(columns));
          }}
        >
          <FormattedMessage id="builder.restore" />
        </Button>
      </Box>
      {/* a new fake server (and a fresh screen) whenever a definition that can be read changes */}
      <ListApi
        key={`${search.key}\n${grid.key}`}
        setup={() => ({
          paths: {
            [PATHS.searchFields]: search.value as object,
            [PATHS.columns]: grid.value as object,
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
