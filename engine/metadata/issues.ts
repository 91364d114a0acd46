/** Building MetadataIssues: every issue names its definition (`path`) and its `prop` ('?' when unknown). */
import type { InvalidItem, MetadataIssue } from './types';

export interface IssueSite {
  path: string;
  index: number | null;
  prop: string | null;
}

export function metadataIssue(
  site: IssueSite,
  messageId: string,
  values: Record<string, string | number> = {},
): MetadataIssue {
  return {
    path: site.path,
    index: site.index,
    prop: site.prop,
    messageId,
    values: { ...values, path: site.path, prop: site.prop ?? '?' },
  };
}

export function invalidItem(issue: MetadataIssue): InvalidItem {
  return { kind: 'invalid', issue };
}

/** A plain object (not null, not an array). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A non-blank string, or a finite number as text; null otherwise. */
export function idText(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}
