/**
 * compileFormCached: each raw schema object is compiled once (the browser gets the schema with each datainfo answer
 * and keeps the object): a WeakMap on the raw object's identity, per registry, field-type list and code-list catalog.
 */
import { compileForm, type FormCompileOptions } from './compile/compileForm';
import type { CompileResult } from './types';

interface CacheEntry {
  registry: unknown;
  fieldTypes: string;
  codeLists: string;
  result: CompileResult;
}

/** What of the code-list catalog a compile depends on: each list's name and its codes (null: options unknown). */
function codeListsKey(codeLists: FormCompileOptions['codeLists']): string {
  if (codeLists === undefined) return '';
  return Object.entries(codeLists)
    .map(([name, options]) =>
      options === null ? name : `${name}=${options.map((o) => String(o.value)).join('\u0001')}`,
    )
    .sort()
    .join('\u0000');
}

const cache = new WeakMap<object, CacheEntry[]>();

export function compileFormCached(raw: unknown, options: FormCompileOptions = {}): CompileResult {
  if (typeof raw !== 'object' || raw === null) return compileForm(raw, options);
  const fieldTypes = options.fieldTypes?.join('\u0000') ?? '';
  const entries = cache.get(raw) ?? [];
  const codeLists = codeListsKey(options.codeLists);
  const hit = entries.find(
    (e) => e.registry === options.registry && e.fieldTypes === fieldTypes && e.codeLists === codeLists,
  );
  if (hit !== undefined) return hit.result;
  const result = compileForm(raw, options);
  entries.push({ registry: options.registry, fieldTypes, codeLists, result });
  cache.set(raw, entries);
  return result;
}
