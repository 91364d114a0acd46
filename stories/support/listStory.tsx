/**
 * Story support for the list renderers (SearchBar, MetaGrid, ListScreen): a fake request client per mounted story,
 * answering the definitions, rows and code lists from fixtures/, and reachable from the story's play function
 * (`storyClient(canvasElement)`) to check what the renderers asked for.
 */
import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FormattedMessage } from '../../renderers/intl';
import type { GridRow } from '../../engine/grid/types';
import type { PageSize, SortState } from '../../engine/list/types';
import { listDefinitions, listFixtures } from '../../fixtures';
import { ApiClientContext } from '../../renderers/apiClientContext';
import { MetaGrid } from '../../renderers/grid/MetaGrid';
import type { CellSlots } from '../../renderers/grid/toAgColDefs';
import { SearchBar } from '../../renderers/search/SearchBar';
import type { SearchValues } from '../../renderers/search/searchValues';
import {
  createFakeApiClient,
  type FakeApiClient,
  type FakeHandlers,
  type FakePathHandlers,
} from '../../renderers/testing/fakeApiClient';

/** Paths the story renderers are configured with (answered by the story's fake client). */
export const STORY_PATHS = {
  searchFields: 'story/searchFields.do',
  columns: 'story/columns.do',
  rows: 'story/list.do',
} as const;

/** The user's zone in list stories (columns with `timezone: 'user'` or none). */
export const STORY_TIME_ZONE = 'Asia/Shanghai';

export interface ListApiSetup {
  /** Answers by endpoint name (code lists and searchFieldShown are answered from fixtures unless given). */
  handlers?: FakeHandlers;
  /** Answers of endpoints configured by URL, by path. */
  paths?: FakePathHandlers;
}

type CodeOptionWire = { codevalue: string; codedesp: string | { zh_CN: string; en: string } };

/** Code lists as the reference server answers them (fixtures/lists), SITE included. */
export const codeListsFromFixtures: Record<string, readonly CodeOptionWire[]> = {
  ...listDefinitions.codeLists,
  SEX: listFixtures.codeListSEX.data,
  SUBJSTATUS: listFixtures.codeListSUBJSTATUS.data,
  SITE: listFixtures.codeListSITE.data,
};

const fixtureHandlers: FakeHandlers = {
  codeList: ({ codelisttype }) => [...(codeListsFromFixtures[codelisttype] ?? [])],
  searchFieldShown: listFixtures.searchFieldShown.data,
};

const clients = new Map<string, FakeApiClient>();
let nextClientId = 0;

function createStoryClient(setup: ListApiSetup): { id: string; client: FakeApiClient } {
  nextClientId += 1;
  const id = `story-client-${nextClientId}`;
  const client = createFakeApiClient({ ...fixtureHandlers, ...setup.handlers }, { paths: setup.paths ?? {} });
  clients.set(id, client);
  return { id, client };
}

/** A fake request client for the renderers below it, created once per mount. */
export function ListApi({ setup, children }: { setup: () => ListApiSetup; children?: ReactNode }) {
  const [entry] = useState(() => createStoryClient(setup()));
  useEffect(() => {
    clients.set(entry.id, entry.client);
    return () => {
      clients.delete(entry.id);
    };
  }, [entry]);
  return (
    <ApiClientContext.Provider value={entry.client}>
      <div data-story-client={entry.id}>{children}</div>
    </ApiClientContext.Provider>
  );
}

/** The fake client of the story rendered in `canvas` (for play functions). */
export function storyClient(canvas: HTMLElement): FakeApiClient {
  const id = canvas.querySelector('[data-story-client]')?.getAttribute('data-story-client');
  const client = id ? clients.get(id) : undefined;
  if (!client) throw new Error('no story client in this canvas');
  return client;
}

export type RowsParams = Record<string, unknown> & {
  page: number;
  size: number;
  orderByField?: string;
  asc?: boolean;
};

/** The params of every rows request of the story, in order. */
export function rowsRequests(canvas: HTMLElement, path: string = STORY_PATHS.rows): RowsParams[] {
  return storyClient(canvas).paramsOfPath(path) as RowsParams[];
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''));
}

const PAGING_PARAMS = new Set(['page', 'size', 'orderByField', 'asc', 'sorttid', 'innerid']);

/**
 * Whether a row matches the search params, roughly as the reference server reads them: a list is a choice of codes,
 * `<prop>Start` / `<prop>End` bound a date, any other text is a part of the field's text.
 */
function matches(row: GridRow, params: RowsParams): boolean {
  return Object.entries(params).every(([key, value]) => {
    if (PAGING_PARAMS.has(key) || value === undefined || value === null) return true;
    const range = /^(.+)(Start|End)$/.exec(key);
    if (range && !(key in row) && range[1]! in row) {
      const day = String(row[range[1]!] ?? '');
      return range[2] === 'Start' ? day >= String(value) : day <= String(value);
    }
    if (Array.isArray(value)) return value.map(String).includes(String(row[key]));
    return String(row[key] ?? '').includes(String(value));
  });
}

/**
 * Every subject the list fixtures hold (page 1 and the sorted + filtered page, captured as crc.li at the one site
 * chosen), and, for stories that page, more rows made from them (ids and numbers of site BJ02, made up) so that a fake
 * server has at least `atLeast` rows.
 */
export function storySubjects(
  firstPage: readonly GridRow[],
  otherPage: readonly GridRow[],
  atLeast = 30,
): readonly GridRow[] {
  const all = [
    ...firstPage,
    ...otherPage.filter((row) => !firstPage.some((r) => r.subjectid === row.subjectid)),
  ];
  const extra: GridRow[] = [];
  for (let i = 0; all.length + extra.length < atLeast && all.length > 0; i += 1) {
    const from = all[i % all.length]!;
    const n = String(i + 1).padStart(4, '0');
    extra.push({ ...from, subjectid: `story-bj02-${n}`, subjid: `BJ02-${n}` });
  }
  return [...all, ...extra];
}

/** A server-like answer from a list of rows: filtered by the search params, sorted by `orderByField`/`asc`, one page. */
export function pageOf(all: readonly GridRow[], params: RowsParams) {
  const rows = all.filter((row) => matches(row, params));
  const sorted = params.orderByField
    ? [...rows].sort((a, b) => {
        const order = compare(a[params.orderByField ?? ''], b[params.orderByField ?? '']);
        return params.asc === false ? -order : order;
      })
    : rows;
  const page = Math.max(1, Number(params.page) || 1);
  const size = Number(params.size) || 20;
  return { list: sorted.slice((page - 1) * size, page * size), total: rows.length, page, size };
}

export interface SearchBarStoryProps {
  /** Raw search-field definitions, as the server sends them. */
  definitions: unknown;
  /** The search in force when the story opens (e.g. from a shared link). */
  initial?: SearchValues;
  onSearch?(search: SearchValues): void;
  onReset?(initial: SearchValues): void;
  /** Overrides of the fake client (a failing definitions or code-list request). */
  api?: ListApiSetup;
}

/** A SearchBar on its own, its definitions from the story's fake client, its search kept like a list keeps it. */
export function SearchBarStory({ definitions, initial = {}, onSearch, onReset, api }: SearchBarStoryProps) {
  const [value, setValue] = useState<SearchValues>(initial);
  return (
    <ListApi
      setup={() => ({
        handlers: api?.handlers ?? {},
        paths: { [STORY_PATHS.searchFields]: definitions as object, ...api?.paths },
      })}
    >
      <Box sx={{ p: 2 }}>
        <SearchBar
          fieldsPath={STORY_PATHS.searchFields}
          listKey="story"
          value={value}
          onSearch={(search) => {
            setValue(search);
            onSearch?.(search);
          }}
          onReset={(search) => {
            setValue(search);
            onReset?.(search);
          }}
        />
      </Box>
    </ListApi>
  );
}

/** The `open` slot of the stories' column sets: a button that opens the row. */
export function openSlot(onOpen: (row: GridRow) => void): CellSlots {
  return {
    open: (row) => (
      <Button size="small" data-testid="story-open" onClick={() => onOpen(row)}>
        <FormattedMessage id="subjects.open" />
      </Button>
    ),
  };
}

export interface GridStoryProps {
  /** Raw column set, as the server sends it. */
  columns: unknown;
  /** The rows the fake server pages and sorts, or an answer per request. */
  rows: readonly GridRow[] | ((params: RowsParams) => unknown);
  rowKey?: string;
  /** Search params sent with every page. */
  params?: Record<string, string>;
  onRowClick?(row: GridRow): void;
  /** Called by the `open` slot; without it the grid gets no slots. */
  onOpen?(row: GridRow): void;
  selectable?: boolean;
  onSelectionChange?(rows: readonly GridRow[]): void;
  /** Overrides of the fake client (a failing column-set request). */
  api?: ListApiSetup;
  height?: number;
}

const NO_PARAMS = {};

/** A MetaGrid with its page, size and sort held as a list screen holds them, fed by the story's fake client. */
export function GridStory({
  columns,
  rows,
  rowKey = 'subjectid',
  params = NO_PARAMS,
  onRowClick,
  onOpen,
  selectable,
  onSelectionChange,
  api,
  height = 420,
}: GridStoryProps) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<PageSize>(20);
  const [sort, setSort] = useState<SortState | null>(null);
  const [slots] = useState(() => (onOpen ? openSlot(onOpen) : undefined));
  return (
    <ListApi
      setup={() => ({
        handlers: api?.handlers ?? {},
        paths: {
          [STORY_PATHS.columns]: columns as object,
          [STORY_PATHS.rows]: (p: Record<string, unknown>) =>
            typeof rows === 'function' ? rows(p as RowsParams) : pageOf(rows, p as RowsParams),
          ...api?.paths,
        },
      })}
    >
      <Box sx={{ p: 2 }}>
        <MetaGrid
          columnsPath={STORY_PATHS.columns}
          dataPath={STORY_PATHS.rows}
          method="POST"
          params={params}
          page={page}
          size={size}
          sort={sort}
          onPageChange={setPage}
          onSizeChange={(next) => {
            setSize(next);
            setPage(1);
          }}
          onSortChange={(next) => {
            setSort(next);
            setPage(1);
          }}
          rowKey={rowKey}
          userTimeZone={STORY_TIME_ZONE}
          height={height}
          suppressRowVirtualisation
          {...(slots ? { slots } : {})}
          {...(onRowClick ? { onRowClick } : {})}
          {...(selectable ? { selectable } : {})}
          {...(onSelectionChange ? { onSelectionChange } : {})}
        />
      </Box>
    </ListApi>
  );
}
