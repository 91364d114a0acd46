import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from '../intl';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { IncomingParams } from '../../engine/fieldTypes/types';
import type { GridRow } from '../../engine/grid/types';
import {
  storePageSize,
  toRequestParams,
  withPage,
  withSearch,
  withSize,
  withSort,
} from '../../engine/list/listQuery';
import { DEFAULT_PAGE_SIZE, type ListQuery, type PageSize, type SortState } from '../../engine/list/types';
import type { SearchFieldDef } from '../../engine/metadata/types';
import type { KeyValueStore, Timers } from '../../engine/ports';
import { useApiClient } from '../apiClientContext';
import { stableKey } from '../async/stableKey';
import { usePermits } from '../rolePermissionsContext';
import { MetaGrid } from '../grid/MetaGrid';
import { sendRowsAhead } from '../grid/useRows';
import { userTimeZone as storedUserTimeZone } from '../userTimeZone';
import { browserTimers } from '../search/browserTimers';
import { SearchBar } from '../search/SearchBar';
import type { SearchValues } from '../search/searchValues';
import { sharedFieldTypes } from '../search/sharedFieldTypes';
import { ConfigText } from './ConfigText';
import { ListToolbar } from './ListToolbar';
import type { ListScreenConfig } from './types';
import { useListQuery, type UrlParams } from './useListQuery';

export interface ListScreenProps {
  config: ListScreenConfig;
  /** Page-owned query as URL params (see useListQuery): read once the search fields are known. */
  params?: IncomingParams;
  /** The new URL params after a search, page, size or sort change (params mode). */
  onParamsChange?(params: UrlParams): void;
  /** Page-owned query (null until known: the fields' initial query is shown). */
  query?: ListQuery | null;
  /** Every change of the query (in every mode). */
  onQueryChange?(query: ListQuery): void;
  /** The user's IANA time zone; from the stored login info by default. */
  userTimeZone?: string;
  /** Session storage by default (the chosen page size). */
  store?: KeyValueStore;
  timers?: Timers;
  gridHeight?: number | string;
  /** Render every row of a page (tests). */
  suppressRowVirtualisation?: boolean;
}

const browserSessionStore: KeyValueStore = {
  getItem: (key) => window.sessionStorage.getItem(key),
  setItem: (key, value) => window.sessionStorage.setItem(key, value),
  removeItem: (key) => window.sessionStorage.removeItem(key),
};

/**
 * A list screen from one config: SearchBar (server definitions) + toolbar actions + MetaGrid (server columns and
 * rows). A new search, sort or page size goes back to page 1; the chosen page size is kept for the session.
 */
export function ListScreen({
  config,
  params,
  onParamsChange,
  query: ownerQuery,
  onQueryChange,
  userTimeZone,
  store = browserSessionStore,
  timers = browserTimers,
  gridHeight,
  suppressRowVirtualisation,
}: ListScreenProps) {
  const fieldTypes = config.fieldTypes ?? sharedFieldTypes;
  const [fields, setFields] = useState<readonly SearchFieldDef[] | null>(null);
  const [selected, setSelected] = useState<readonly GridRow[]>([]);
  const [reloads, setReloads] = useState(0);
  const [storedZone] = useState(() => storedUserTimeZone(store));
  const zone = userTimeZone ?? storedZone;

  const { query, change: changeQuery } = useListQuery(
    {
      ...(params !== undefined ? { params } : {}),
      ...(onParamsChange ? { onParamsChange } : {}),
      ...(ownerQuery !== undefined ? { query: ownerQuery } : {}),
      ...(onQueryChange ? { onQueryChange } : {}),
    },
    fields,
    fieldTypes,
    store,
  );

  const client = useApiClient();
  const { dataPath, method } = config.grid;
  /** A new query: its rows are asked for at once (from the click), then the screen renders it and takes the answer. */
  const change = useCallback(
    (next: ListQuery) => {
      if (fields) {
        sendRowsAhead(client, {
          dataPath,
          method,
          params: toRequestParams(next, fields, fieldTypes),
          page: next.page,
          size: next.size,
          sort: next.sort,
          reloadToken: reloads,
        });
      }
      changeQuery(next);
    },
    [client, dataPath, method, fields, fieldTypes, reloads, changeQuery],
  );

  const requestParams = useMemo(
    () => (query && fields ? toRequestParams(query, fields, fieldTypes) : null),
    [query, fields, fieldTypes],
  );

  // the search bar is given the same props across a page, size or sort change, so that it does not render again then:
  // its callback reads the query in force, and the search in force keeps its object while its content is the same
  const current = useRef({ query, change });
  useEffect(() => {
    current.current = { query, change };
  });
  const search = useCallback((values: SearchValues) => {
    const { query: inForce, change: apply } = current.current;
    if (inForce) apply(withSearch(inForce, values));
  }, []);
  const searchValue = useSameContent(query?.search ?? NO_SEARCH);
  const changePage = useCallback(
    (page: number) => {
      if (query) change(withPage(query, page));
    },
    [query, change],
  );
  const changeSort = useCallback(
    (sort: SortState | null) => {
      if (query) change(withSort(query, sort));
    },
    [query, change],
  );
  const changeSize = useCallback(
    (size: PageSize) => {
      storePageSize(store, size);
      if (query) change(withSize(query, size));
    },
    [query, change, store],
  );

  // only the actions the role may use (a declared permission); the server refuses the others anyway
  const permitted = usePermits();
  const actions = (config.actions ?? []).filter((a) => permitted(a.permission));
  const intl = useIntl();
  // the permitted row actions, by id (usePermits answers a new function each render: the ids keep the memo stable)
  const rowActionIds = (config.rowActions ?? [])
    .filter((a) => permitted(a.permission))
    .map((a) => a.id)
    .join(' ');
  const rowActions = useMemo(
    () =>
      (config.rowActions ?? [])
        .filter((a) => rowActionIds.split(' ').includes(a.id))
        .map((a) => ({
          id: a.id,
          label: intl.formatMessage({ id: a.labelId }),
          run: (row: GridRow) => a.run(row),
          ...(a.appliesTo ? { appliesTo: a.appliesTo } : {}),
        })),
    [config.rowActions, rowActionIds, intl],
  );
  const selectable =
    config.grid.selectable === 'actions'
      ? actions.some((a) => a.needsSelection || a.usesSelection)
      : !!config.grid.selectable;
  return (
    <Box
      data-testid={`list-${config.id}`}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}
    >
      {config.titleId && (
        <Typography variant="h6" component="h1">
          <ConfigText id={config.titleId} />
        </Typography>
      )}
      <StableSearchBar
        fieldsPath={config.search.fieldsPath}
        listKey={config.search.listKey}
        value={searchValue}
        onSearch={search}
        onReset={search}
        fieldTypes={fieldTypes}
        {...(config.search.widgets ? { widgets: config.search.widgets } : {})}
        onFieldsLoaded={setFields}
        timers={timers}
      />
      {actions.length > 0 && query && requestParams && (
        <ListToolbar
          actions={actions}
          selected={selected}
          context={{ query, params: requestParams, reload: () => setReloads((n) => n + 1) }}
        />
      )}
      <MetaGrid
        columnsPath={config.grid.columnsPath}
        dataPath={config.grid.dataPath}
        method={config.grid.method}
        params={requestParams}
        reloadToken={reloads}
        page={query?.page ?? 1}
        size={query?.size ?? DEFAULT_PAGE_SIZE}
        sort={query?.sort ?? null}
        onPageChange={changePage}
        onSizeChange={changeSize}
        onSortChange={changeSort}
        rowKey={config.grid.rowKey}
        {...(config.grid.rowSlots ? { rowSlots: true } : {})}
        selectable={selectable}
        onSelectionChange={setSelected}
        {...(config.onRowClick ? { onRowClick: config.onRowClick } : {})}
        {...(rowActions.length > 0 ? { rowActions } : {})}
        {...(config.grid.slots ? { slots: config.grid.slots } : {})}
        {...(config.grid.cellRenderers ? { cellRenderers: config.grid.cellRenderers } : {})}
        {...(config.grid.formatters ? { formatters: config.grid.formatters } : {})}
        fieldTypes={fieldTypes}
        userTimeZone={zone}
        timers={timers}
        {...(gridHeight !== undefined ? { height: gridHeight } : {})}
        {...(suppressRowVirtualisation ? { suppressRowVirtualisation } : {})}
      />
    </Box>
  );
}

const NO_SEARCH: SearchValues = {};

/** The search bar, rendered again only when its props change (not on every page of the list). */
const StableSearchBar = memo(SearchBar);

/** `value`, or the object given before when its content is the same (compared by stableKey). */
function useSameContent<T>(value: T): T {
  const kept = useRef<{ key: string; value: T } | null>(null);
  const key = stableKey(value);
  if (kept.current?.key !== key) kept.current = { key, value };
  return kept.current.value;
}
