import { useMemo } from 'react';
import { definitionsEndpoint } from '../engine/api/lists';
import type { FieldTypeRegistry } from '../engine/fieldTypes/types';
import type { ParsedList } from '../engine/metadata/types';
import { useEndpoint } from './async/useEndpoint';

export type DefinitionsState<T> =
  { status: 'loading' } | { status: 'error'; retry(): void } | { status: 'ready'; parsed: ParsedList<T> };

/**
 * Loads list metadata from `path` (GET, `data` is the list: search fields or columns; the path may carry the list's
 * key in its query, see listDefinitionsUrl) and parses it with the engine parser of that kind. A failure is shown in
 * place by the caller, with the retry given here (no toast on top of it).
 */
export function useDefinitions<T>(
  path: string,
  parse: (raw: unknown, registry: FieldTypeRegistry) => ParsedList<T>,
  fieldTypes: FieldTypeRegistry,
): DefinitionsState<T> {
  const def = useMemo(() => definitionsEndpoint(path), [path]);
  const loaded = useEndpoint(def, {});
  const raw = loaded.status === 'ready' ? loaded.data : null;
  const parsed = useMemo(() => (raw ? parse(raw, fieldTypes) : null), [raw, parse, fieldTypes]);

  if (loaded.status === 'refused' || loaded.status === 'failed')
    return { status: 'error', retry: loaded.retry };
  if (parsed === null) return { status: 'loading' };
  return { status: 'ready', parsed };
}
