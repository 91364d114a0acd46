import { useCallback, useEffect, useMemo, useState } from 'react';
import { definitionsEndpoint } from '../../engine/api/listContract';
import type { FieldTypeRegistry } from '../../engine/fieldTypes/types';
import { parseSearchFields } from '../../engine/metadata/parseSearchFields';
import type { ParsedList, SearchFieldNode } from '../../engine/metadata/types';
import { useApiClient } from '../apiClientContext';

export type DefinitionsState =
  | { status: 'loading' }
  | { status: 'error'; retry(): void }
  | { status: 'ready'; parsed: ParsedList<SearchFieldNode> };

/** Loads the search-field definitions from `fieldsPath` (GET, `data` is the list) and parses them. */
export function useSearchDefinitions(fieldsPath: string, fieldTypes: FieldTypeRegistry): DefinitionsState {
  const client = useApiClient();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; raw: unknown[] | null } | null>(null);
  const key = `${attempt}:${fieldsPath}`;

  useEffect(() => {
    let current = true;
    // the bar shows a failure in place, with a retry; no toast on top of it
    client.call(definitionsEndpoint(fieldsPath), {}, { silent: true }).then(
      (raw) => {
        if (current) setResult({ key, raw });
      },
      () => {
        if (current) setResult({ key, raw: null });
      },
    );
    return () => {
      current = false;
    };
  }, [client, fieldsPath, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const raw = result && result.key === key ? result.raw : undefined;
  const parsed = useMemo(() => (raw ? parseSearchFields(raw, fieldTypes) : null), [raw, fieldTypes]);

  if (raw === undefined) return { status: 'loading' };
  if (parsed === null) return { status: 'error', retry };
  return { status: 'ready', parsed };
}
