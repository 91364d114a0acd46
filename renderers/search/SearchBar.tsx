import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { FormattedMessage } from '../intl';
import { searchFieldShown } from '../../engine/api/lists';
import { searchWidget } from '../../engine/fieldTypes/registry';
import type { FieldTypeRegistry } from '../../engine/fieldTypes/types';
import { hasErrors, initialSearch, nonEmptySearch, validateSearch } from '../../engine/list/listQuery';
import { parseSearchFields } from '../../engine/metadata/parseSearchFields';
import {
  addableFields,
  shownInnerids,
  visibleFields,
  withShown,
  withoutShown,
} from '../../engine/list/searchItems';
import type {
  MetadataIssue,
  SearchFieldDef,
  SearchFieldNode,
  SearchValue,
} from '../../engine/metadata/types';
import type { Timers } from '../../engine/ports';
import { SEARCH_DEBOUNCE } from '../../engine/timing/debounce';
import { useApiClient } from '../apiClientContext';
import { InlineMessage } from '../InlineMessage';
import { LoadFailed } from '../LoadFailed';
import { useDefinitions } from '../useDefinitions';
import { AddItemMenu } from './AddItemMenu';
import { browserTimers } from './browserTimers';
import { InvalidSearchItem } from './InvalidSearchItem';
import { useMetaText } from './metadataText';
import { SearchItem } from './SearchItem';
import { sharedFieldTypes } from './sharedFieldTypes';
import type { SearchValues } from './searchValues';
import { useDebounce } from './useDebounce';
import { DatePickerProvider } from './widgets/DatePickerProvider';
import { withWidgets } from './widgets/registry';
import type { WidgetRegistry } from './widgets/types';

export interface SearchBarProps {
  /** GET endpoint answering the search-field definitions (`data` is the list), e.g. `subject/searchFields.do`. */
  fieldsPath: string;
  /** Name of the list for searchField/shown.do (which items the user shows). */
  listKey: string;
  /** The search in force (the list shows its result); the bar edits a copy until Search. */
  value: SearchValues;
  /** Search: the non-empty values of the items in the bar. */
  onSearch(search: SearchValues): void;
  /** Reset: the bar is back to the definitions' initial values, handed over as the new search. */
  onReset(initial: SearchValues): void;
  /** Field types (built-ins by default). */
  fieldTypes?: FieldTypeRegistry;
  /** Extra or replacing widgets by name (see widgets/registry.ts). */
  widgets?: WidgetRegistry;
  /** Told the valid definitions once they are loaded (an empty list when they could not be loaded). */
  onFieldsLoaded?(fields: readonly SearchFieldDef[]): void;
  /** Timers for the debounces (the browser's by default). */
  timers?: Timers;
}

type FieldNode = Extract<SearchFieldNode, { kind: 'field' }>;

function isField(node: SearchFieldNode): node is FieldNode {
  return node.kind === 'field';
}

const NO_FIELDS: readonly SearchFieldDef[] = [];

/**
 * A search bar built from server definitions: one widget per visible item (by field type), invalid definitions
 * shown in place, items the user may add or remove (remembered on the server), Search and Reset.
 */
export function SearchBar({
  fieldsPath,
  listKey,
  value,
  onSearch,
  onReset,
  fieldTypes = sharedFieldTypes,
  widgets,
  onFieldsLoaded,
  timers = browserTimers,
}: SearchBarProps) {
  const client = useApiClient();
  const text = useMetaText();
  const registry = useMemo(() => withWidgets(widgets), [widgets]);
  const definitions = useDefinitions(fieldsPath, parseSearchFields, fieldTypes);
  const parsed = definitions.status === 'ready' ? definitions.parsed : null;
  const fields: readonly SearchFieldDef[] = useMemo(
    () => (parsed ? parsed.items.filter(isField) : NO_FIELDS),
    [parsed],
  );

  // which items are in the bar: as the server says, until the user adds or removes one
  const [shownFor, setShownFor] = useState<readonly SearchFieldDef[] | null>(null);
  const [shown, setShown] = useState(() => shownInnerids(fields));
  if (shownFor !== fields) {
    setShownFor(fields);
    setShown(shownInnerids(fields));
  }

  // what the user is editing: the search in force, until Search. Compared by content: a page, size or sort change
  // re-reads the same search from the address as a new object, and must not throw away what the user typed
  const valueKey = JSON.stringify(value);
  const [draftFor, setDraftFor] = useState(valueKey);
  const [draft, setDraft] = useState<SearchValues>(value);
  if (draftFor !== valueKey) {
    setDraftFor(valueKey);
    setDraft(value);
  }

  const visible = useMemo(() => visibleFields(fields, shown), [fields, shown]);
  const addable = useMemo(() => addableFields(fields, shown), [fields, shown]);
  // what a search sends: the items in the bar, and fixed items the server hides (their initial values apply)
  const searched = useMemo(
    () => fields.filter((f) => !f.custom || shown.includes(f.innerid)),
    [fields, shown],
  );
  const problems = useMemo(() => validateSearch(searched, draft, fieldTypes), [searched, draft, fieldTypes]);
  const blocked = hasErrors(problems);

  const loadedListener = useRef(onFieldsLoaded);
  useLayoutEffect(() => {
    loadedListener.current = onFieldsLoaded;
  });
  const failed = definitions.status === 'error';
  useEffect(() => {
    if (parsed) loadedListener.current?.(fields);
    else if (failed) loadedListener.current?.(NO_FIELDS);
  }, [parsed, fields, failed]);

  function search() {
    selectSearch.cancel();
    if (hasErrors(validateSearch(searched, draft, fieldTypes))) return;
    onSearch(nonEmptySearch(searched, draft, fieldTypes));
  }

  function reset() {
    selectSearch.cancel();
    const initial = initialSearch(searched, fieldTypes);
    setDraft(initial);
    onReset(initial);
  }

  const selectSearch = useDebounce(timers, SEARCH_DEBOUNCE.selectMs, search);
  const clickSearch = useDebounce(timers, SEARCH_DEBOUNCE.clickMs, search, { leading: true });
  const clickReset = useDebounce(timers, SEARCH_DEBOUNCE.clickMs, reset, { leading: true });
  const persistShown = useDebounce(timers, SEARCH_DEBOUNCE.addRemoveMs, () => {
    // a failed save is told by the request client; the bar keeps the user's choice for this visit
    // only the user's choice is saved: fixed items stay as the server defines them
    const custom = shown.filter((id) => fields.some((f) => f.custom && f.innerid === id));
    client.call(searchFieldShown, { listKey, shown: custom }).catch(() => {});
  });

  function change(field: SearchFieldDef, next: SearchValue) {
    setDraft((current) => ({ ...current, [field.prop]: next }));
    if (fieldTypes.get(field.fieldtype)?.search?.needsOptions) selectSearch.call();
  }

  function add(field: SearchFieldDef) {
    setShown((current) => withShown(current, field.innerid));
    persistShown.call();
  }

  function remove(field: SearchFieldDef) {
    setShown((current) => withoutShown(current, field.innerid));
    setDraft((current) => {
      const next = { ...current };
      delete next[field.prop];
      return next;
    });
    persistShown.call();
  }

  const visibleIds = new Set(visible.map((f) => f.innerid));
  const listIssues = parsed ? parsed.issues.filter((issue) => issue.index === null) : [];

  function renderNode(node: SearchFieldNode, position: number) {
    if (node.kind === 'invalid') {
      return node.issue.index === null ? null : (
        <InvalidSearchItem key={`invalid-${position}`} issue={node.issue} />
      );
    }
    if (!visibleIds.has(node.innerid)) return null;
    const behaviour = fieldTypes.get(node.fieldtype)?.search;
    const widgetName = searchWidget(node, fieldTypes);
    const Widget = widgetName ? registry[widgetName] : undefined;
    if (!behaviour || !widgetName || !Widget) {
      const issue: MetadataIssue = {
        path: node.path,
        index: node.index,
        prop: node.prop,
        messageId: 'search.noWidget',
        values: { widget: widgetName ?? node.fieldtype },
      };
      return <InvalidSearchItem key={node.innerid} issue={issue} />;
    }
    return (
      <SearchItem
        key={node.innerid}
        field={node}
        behaviour={behaviour}
        Widget={Widget}
        label={text(node.label)}
        value={draft[node.prop] ?? behaviour.empty(node)}
        problems={problems[node.prop] ?? []}
        wide={node.range}
        onChange={change}
        onSubmit={() => clickSearch.call()}
        {...(node.custom ? { onRemove: remove } : {})}
      />
    );
  }

  return (
    <DatePickerProvider>
      <Box role="search" data-testid="search-bar" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {definitions.status === 'loading' && <LinearProgress sx={{ height: 2 }} />}
        {definitions.status === 'error' && (
          <LoadFailed
            message={<FormattedMessage id="search.loadFailed" />}
            retryLabel={<FormattedMessage id="search.retry" />}
            onRetry={definitions.retry}
          />
        )}
        {listIssues.map((issue) => (
          <InvalidSearchItem key={issue.path} issue={issue} />
        ))}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          {parsed?.items.map(renderNode)}
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minHeight: 40 }}>
            {fields.some((f) => f.custom) && <AddItemMenu addable={addable} onAdd={add} />}
            <Button
              variant="contained"
              disabled={blocked || definitions.status === 'loading'}
              onClick={() => clickSearch.call()}
            >
              <FormattedMessage id="search.submit" />
            </Button>
            <Button
              variant="outlined"
              disabled={definitions.status !== 'ready'}
              onClick={() => clickReset.call()}
            >
              <FormattedMessage id="search.reset" />
            </Button>
          </Box>
        </Box>
        {blocked && (
          <InlineMessage level="error" data-testid="search-blocked">
            <FormattedMessage id="search.blocked" />
          </InlineMessage>
        )}
      </Box>
    </DatePickerProvider>
  );
}
