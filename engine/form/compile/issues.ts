/** Collecting schema issues while compiling (every issue, never stopping at the first), and reading raw fields. */
import { isRecord } from '../../metadata/issues';
import { isNonEmptyMetaText } from '../../metadata/metaText';
import type { MetaText } from '../../metadata/types';
import type { SourceSpan } from '../../rules/types';
import { FORM_MSG } from '../messages';
import type { FormSchemaIssue } from '../types';

export { isRecord };

export class IssueCollector {
  readonly issues: FormSchemaIssue[] = [];

  add(
    path: string,
    subject: string | null,
    messageId: string,
    values: Record<string, string | number> = {},
    span?: SourceSpan,
  ): void {
    this.issues.push(
      span === undefined ? { path, subject, messageId, values } : { path, subject, messageId, values, span },
    );
  }

  get count(): number {
    return this.issues.length;
  }
}

/** `sections[1].items[3]` + `fieldtype` → `sections[1].items[3].fieldtype`; the root path is ''. */
export function fieldPath(path: string, field: string): string {
  return path === '' ? field : `${path}.${field}`;
}

/** What reading one field of a raw object needs: the object, its path, the subject (variable/rule) for issues. */
export interface RawSite {
  raw: Record<string, unknown>;
  path: string;
  subject: string | null;
  issues: IssueCollector;
}

function report(
  site: RawSite,
  field: string,
  messageId: string,
  values: Record<string, string | number> = {},
) {
  site.issues.add(fieldPath(site.path, field), site.subject, messageId, { field, ...values });
}

/** A required non-blank text (trimmed), or null with an issue. */
export function requiredText(site: RawSite, field: string): string | null {
  const v = site.raw[field];
  if (v === undefined || v === null) {
    report(site, field, FORM_MSG.missingField);
    return null;
  }
  if (typeof v !== 'string' || v.trim() === '') {
    report(site, field, FORM_MSG.fieldNotText);
    return null;
  }
  return v.trim();
}

/** An optional non-blank text (trimmed): absent → null; anything else → null with an issue. */
export function optionalText(site: RawSite, field: string): string | null {
  const v = site.raw[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string' || v.trim() === '') {
    report(site, field, FORM_MSG.fieldNotText);
    return null;
  }
  return v.trim();
}

/** A required label (text, or `{zh_CN, en}`), or null with an issue. */
export function requiredLabel(site: RawSite, field: string): MetaText | null {
  const v = site.raw[field];
  if (v === undefined || v === null) {
    report(site, field, FORM_MSG.missingField);
    return null;
  }
  if (!isNonEmptyMetaText(v)) {
    report(site, field, FORM_MSG.fieldNotLabel);
    return null;
  }
  return v;
}

/** An optional label: absent → null; malformed → null with an issue. */
export function optionalLabel(site: RawSite, field: string): MetaText | null {
  const v = site.raw[field];
  if (v === undefined || v === null) return null;
  if (!isNonEmptyMetaText(v)) {
    report(site, field, FORM_MSG.fieldNotLabel);
    return null;
  }
  return v;
}

/** An optional boolean: absent → `fallback`; anything but true/false → `fallback` with an issue. */
export function optionalBoolean(site: RawSite, field: string, fallback = false): boolean {
  const v = site.raw[field];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'boolean') {
    report(site, field, FORM_MSG.fieldNotBoolean);
    return fallback;
  }
  return v;
}

/** A required positive integer, or null with an issue. */
export function requiredPositiveInteger(site: RawSite, field: string): number | null {
  const v = site.raw[field];
  if (v === undefined || v === null) {
    report(site, field, FORM_MSG.missingField);
    return null;
  }
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    report(site, field, FORM_MSG.fieldNotPositiveInteger);
    return null;
  }
  return v;
}

/** An optional list: absent → null; not a list → null with an issue. */
export function optionalList(site: RawSite, field: string): readonly unknown[] | null {
  const v = site.raw[field];
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v)) {
    report(site, field, FORM_MSG.fieldNotList);
    return null;
  }
  return v;
}

/** Any value as short text for an issue (`12`, `"abc"`, `["A","B"]`). */
export function shown(v: unknown): string {
  if (typeof v === 'string') return v;
  try {
    const text = JSON.stringify(v) ?? String(v);
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
  } catch {
    return String(v);
  }
}
