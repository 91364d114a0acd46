/**
 * The list benchmark page (production build, driven by bench/listBench.ts in headless Chromium). It mounts the real
 * SearchBar and MetaGrid inside the app's providers, fed by the in-memory fake request client, and measures in the
 * page itself: a component is "painted" once the DOM shows what it should and two animation frames have passed.
 */
import { useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import Button from '@mui/material/Button';
import type { GridRow } from '../../engine/grid/types';
import type { PageSize, SortState } from '../../engine/list/types';
import { MetaGrid } from '../../renderers/grid/MetaGrid';
import type { CellSlots } from '../../renderers/grid/toAgColDefs';
import { SearchBar } from '../../renderers/search/SearchBar';
import { createFakeApiClient, type FakeApiClient } from '../../renderers/testing/fakeApiClient';
import { AppProviders } from '../../src/AppProviders';
import { ALL_MESSAGES } from '../../src/i18n/allMessages';
import { createTestPlatform } from '../../src/testing/testPlatform';
import { paintedWhen } from '../support/paint';
import { CODE_LISTS, columnDefinitions, rowsPage, searchDefinitions } from './benchData';

const FIELDS_PATH = 'bench/searchFields.do';
const COLUMNS_PATH = 'bench/columns.do';
const ROWS_PATH = 'bench/list.do';
export const SEARCH_ITEMS = 30;

export interface GridTiming {
  /** From the moment the fake client answers the rows request to the rows painted. */
  requestToPaint: number;
  /** From the start of the action (mount, click) to the rows painted. */
  actionToPaint: number;
}

export interface ListBenchApi {
  /** Mounts a SearchBar with 30 definitions of mixed types: ms from render() to every item painted. */
  mountSearchBar(): Promise<number>;
  /** Mounts a MetaGrid (30 columns) asking for the first page of `size` rows. */
  mountGrid(size: PageSize, allRows: boolean): Promise<GridTiming>;
  /** Clicks "next page" on the mounted grid. */
  nextPage(): Promise<GridTiming>;
  unmount(): void;
}

declare global {
  interface Window {
    listBench?: ListBenchApi;
  }
}

const noop = () => {};
/** Both tiers of the default locale (precompiled by the build, as in the app). */
const CATALOGUES = { zh_CN: ALL_MESSAGES.zh_CN };
const NO_SEARCH = {};
const NO_PARAMS = {};
const SLOTS: CellSlots = {
  open: () => (
    <Button size="small" data-testid="bench-open">
      →
    </Button>
  ),
};

let requestedAt = 0;

function benchClient(): FakeApiClient {
  return createFakeApiClient(
    {
      codeList: (params) => CODE_LISTS[params.codelisttype] ?? [],
      searchFieldShown: null,
    },
    {
      paths: {
        [FIELDS_PATH]: searchDefinitions(SEARCH_ITEMS),
        [COLUMNS_PATH]: columnDefinitions(),
        [ROWS_PATH]: (params: Record<string, unknown>) => {
          const page = rowsPage(Number(params.page), Number(params.size));
          requestedAt = performance.now();
          return page;
        },
      },
    },
  );
}

function Providers({ client, children }: { client: FakeApiClient; children: ReactNode }) {
  const [platform] = useState(() => createTestPlatform());
  return (
    <AppProviders platform={platform} client={client} catalogues={CATALOGUES}>
      {children}
    </AppProviders>
  );
}

function GridBench({ size, allRows }: { size: PageSize; allRows: boolean }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState | null>(null);
  return (
    <MetaGrid
      columnsPath={COLUMNS_PATH}
      dataPath={ROWS_PATH}
      method="POST"
      params={NO_PARAMS}
      page={page}
      size={size}
      sort={sort}
      onPageChange={setPage}
      onSizeChange={noop}
      onSortChange={(next) => {
        setSort(next);
        setPage(1);
      }}
      onRowClick={(_row: GridRow) => {}}
      rowKey="subjectid"
      slots={SLOTS}
      userTimeZone="Asia/Shanghai"
      suppressRowVirtualisation={allRows}
    />
  );
}

const host = document.getElementById('bench-root') as HTMLElement;
let root: Root | null = null;
let grid: { size: PageSize; allRows: boolean } | null = null;

function mount(node: ReactNode) {
  unmount();
  root = createRoot(host);
  root.render(node);
}

function unmount() {
  root?.unmount();
  root = null;
  grid = null;
}

/** A row of the grid (AG Grid 36 keeps a row's pinned cells inside its row element). */
const gridRow = (index: number) => host.querySelector<HTMLElement>(`.ag-row[row-index="${index}"]`);

/** The page's rows are in the DOM: the first row is the expected one, with its cells (and the pinned slot). */
function rowsShown(firstRowId: string, size: PageSize, allRows: boolean): boolean {
  const first = gridRow(0);
  if (!first || first.getAttribute('row-id') !== firstRowId) return false;
  // its cells, the renderers' and the slot's included
  if (!first.querySelector('.meta-tag') || !first.querySelector('[data-testid="bench-open"]')) return false;
  return !allRows || gridRow(size - 1) !== null;
}

const firstRowIdOf = (page: number, size: number) => `subj-${(page - 1) * size}`;

window.listBench = {
  async mountSearchBar() {
    const client = benchClient();
    const t0 = performance.now();
    mount(
      <Providers client={client}>
        <SearchBar
          fieldsPath={FIELDS_PATH}
          listKey="bench"
          value={NO_SEARCH}
          onSearch={noop}
          onReset={noop}
        />
      </Providers>,
    );
    const painted = await paintedWhen(
      () =>
        host.querySelectorAll('[data-testid^="search-item-"]').length === SEARCH_ITEMS &&
        // code-list selects are enabled once their options arrived
        host.querySelector('[data-testid^="search-item-"] .Mui-disabled') === null,
    );
    return painted - t0;
  },

  async mountGrid(size, allRows) {
    const client = benchClient();
    requestedAt = 0;
    const t0 = performance.now();
    mount(
      <Providers client={client}>
        <GridBench size={size} allRows={allRows} />
      </Providers>,
    );
    grid = { size, allRows };
    const painted = await paintedWhen(() => rowsShown(firstRowIdOf(1, size), size, allRows));
    return { requestToPaint: painted - requestedAt, actionToPaint: painted - t0 };
  },

  async nextPage() {
    if (!grid) throw new Error('no grid mounted');
    const { size, allRows } = grid;
    const current = gridRow(0)?.getAttribute('row-id') ?? '';
    const page = Number(current.replace('subj-', '')) / size + 1;
    // first, previous, next, last
    const next = host.querySelectorAll<HTMLButtonElement>('.MuiTablePagination-actions button')[2];
    if (!next) throw new Error('no next-page button');
    const t0 = performance.now();
    next.click();
    const painted = await paintedWhen(() => rowsShown(firstRowIdOf(page + 1, size), size, allRows));
    return { requestToPaint: painted - requestedAt, actionToPaint: painted - t0 };
  },

  unmount,
};
