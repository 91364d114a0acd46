/**
 * A string that is the same for equal values, whatever the order of object keys: how useEndpoint tells new params
 * from the same params given again as a new object (an inline `{ subjectid }` on every render).
 */
export function stableKey(value: unknown): string {
  return JSON.stringify(normalize(value)) ?? 'undefined';
}

function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[key];
      // an absent key and a key set to undefined ask for the same thing
      if (item !== undefined) out[key] = normalize(item);
    }
    return out;
  }
  return value;
}
