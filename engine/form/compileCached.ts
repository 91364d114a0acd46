/**
 * compileFormCached: each raw schema object is compiled once (the browser gets the schema with each datainfo answer
 * and keeps the object): a WeakMap on the raw object's identity, per registry and field-type list.
 */
import { compileForm, type FormCompileOptions } from './compile/compileForm';
import type { CompileResult } from './types';

interface CacheEntry {
  registry: unknown;
  fieldTypes: string;
  result: CompileResult;
}

const cache = new WeakMap<object, CacheEntry[]>();

export function compileFormCached(raw: unknown, options: FormCompileOptions = {}): CompileResult {
  if (typeof raw !== 'object' || raw === null) return compileForm(raw, options);
  const fieldTypes = options.fieldTypes?.join('\u0000') ?? '';
  const entries = cache.get(raw) ?? [];
  const hit = entries.find((e) => e.registry === options.registry && e.fieldTypes === fieldTypes);
  if (hit !== undefined) return hit.result;
  const result = compileForm(raw, options);
  entries.push({ registry: options.registry, fieldTypes, result });
  cache.set(raw, entries);
  return result;
}
