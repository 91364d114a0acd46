import { useCallback, useEffect, useMemo, useState } from 'react';
import { definitionsEndpoint } from '../engine/api/lists';
import type { FieldTypeRegistry } from '../engine/fieldTypes/types';
import type { ParsedList } from '../engine/metadata/types';
import { useApiClient } from './apiClientContext';

export type DefinitionsState<T> =
  { status: 'loading' } | { status: 'error'; retry(): void } | { status: 'ready'; parsed: ParsedList<T> };

/**
 * Loads list metadata from `path` (GET, `data` is the list: search fields or columns) and parses it with the engine
 * parser of that kind. A failure is shown in place by the caller, with the retry given here (no toast on top of it).
 */
export function useDefinitions<T>(
  path: string,
  parse: (raw: unknown, registry: FieldTypeRegistry) => ParsedList<T>,
  fieldTypes: FieldTypeRegistry,
): DefinitionsState<T> {
  const client = useApiClient();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; raw: unknown[] | null } | null>(null);
  const key = `${attempt}:${path}`;

  useEffect(() => {
    let current = true;
    client.call(definitionsEndpoint(path), {}, { silent: true }).then(
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
  }, [client, path, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const raw = result && result.key === key ? result.raw : undefined;
  const parsed = useMemo(() => (raw ? parse(raw, fieldTypes) : null), [raw, parse, fieldTypes]);

  if (raw === undefined) return { status: 'loading' };
  if (parsed === null) return { status: 'error', retry };
  return { status: 'ready', parsed };
}
