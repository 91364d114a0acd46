/**
 * Search-field definitions from the server → SearchFieldNodes. Strict and kind: each bad definition becomes an
 * InvalidItem whose issue names it (path, prop, what is wrong) and the others still parse. Checks, in order (the
 * first failure is the issue): an object; `prop`; `fieldname`; `fieldtype` registered and searchable; `show`,
 * `custom`; `endValue` (range allowed by the type); options (`selector` items, `codelisttype`); the initial value;
 * `prop` (with a range's `<prop>Start`/`<prop>End`) and `innerid` unique (the later definition is the invalid one).
 */
import type { FieldTypeRegistry } from '../fieldTypes/types';
import { LIST_PARAMS } from '../list/types';
import { META_EXPECTED, META_MSG } from './messages';
import { DEFAULT_LABEL_KEY, DEFAULT_VALUE_KEY, parseSelector } from './codeOptions';
import { idText, invalidItem, isRecord, metadataIssue, type IssueSite } from './issues';
import { isNonEmptyMetaText } from './metaText';
import type {
  CodeOption,
  MetadataIssue,
  ParsedList,
  SearchFieldDef,
  SearchFieldNode,
  SearchValue,
} from './types';

/** Path of the list itself in issues (`searchFields[3]` for its items). */
export const SEARCH_FIELDS_PATH = 'searchFields';

/** Param names a search field may not use: paging and sort. */
export const RESERVED_PARAMS: readonly string[] = Object.values(LIST_PARAMS);

const EXPECT_BOOL = META_EXPECTED.bool;

type Step<T> = { ok: T } | { issue: MetadataIssue };

function optionalBool(
  site: IssueSite,
  raw: Record<string, unknown>,
  key: string,
  fallback: boolean,
): Step<boolean> {
  const v = raw[key];
  if (v === undefined || v === null) return { ok: fallback };
  if (typeof v === 'boolean') return { ok: v };
  return { issue: metadataIssue(site, META_MSG.badField, { field: key, expected: EXPECT_BOOL }) };
}

function optionalKey(
  site: IssueSite,
  raw: Record<string, unknown>,
  key: string,
  fallback: string,
): Step<string> {
  const v = raw[key];
  if (v === undefined || v === null) return { ok: fallback };
  if (typeof v === 'string' && v.trim() !== '') return { ok: v.trim() };
  return { issue: metadataIssue(site, META_MSG.badField, { field: key, expected: META_EXPECTED.text }) };
}

interface Options {
  options: readonly CodeOption[] | null;
  codelisttype: string | null;
}

function parseOptions(site: IssueSite, raw: Record<string, unknown>, fieldtype: string): Step<Options> {
  const valueKey = optionalKey(site, raw, 'valueKey', DEFAULT_VALUE_KEY);
  if ('issue' in valueKey) return valueKey;
  const labelKey = optionalKey(site, raw, 'labelKey', DEFAULT_LABEL_KEY);
  if ('issue' in labelKey) return labelKey;
  const codelisttype = optionalKey(site, raw, 'codelisttype', '');
  if ('issue' in codelisttype) return codelisttype;

  let options: CodeOption[] | null = null;
  const selector = raw.selector;
  if (selector !== undefined && selector !== null) {
    if (!Array.isArray(selector)) {
      return {
        issue: metadataIssue(site, META_MSG.badField, { field: 'selector', expected: META_EXPECTED.list }),
      };
    }
    const parsed = parseSelector(selector, valueKey.ok, labelKey.ok);
    if ('badOption' in parsed) {
      return { issue: metadataIssue(site, META_MSG.badOption, { option: parsed.badOption + 1 }) };
    }
    options = parsed.options.length > 0 ? parsed.options : null;
  }
  if (options === null && codelisttype.ok === '') {
    return { issue: metadataIssue(site, META_MSG.noOptions, { fieldtype }) };
  }
  return { ok: { options, codelisttype: codelisttype.ok || null } };
}

/** Codes of an initial value that are not among inline options (code-list options are checked when loaded). */
function unknownCode(value: SearchValue, options: readonly CodeOption[] | null): string | null {
  if (options === null) return null;
  const codes =
    typeof value === 'string' ? [value] : Array.isArray(value) ? (value as readonly string[]) : [];
  return codes.find((c) => !options.some((o) => o.value === c)) ?? null;
}

function parseField(
  raw: unknown,
  index: number,
  registry: FieldTypeRegistry,
): SearchFieldDef | MetadataIssue {
  const path = `${SEARCH_FIELDS_PATH}[${index}]`;
  const site: IssueSite = { path, index, prop: null };
  if (!isRecord(raw)) return metadataIssue(site, META_MSG.notAnObject);

  const rawProp = raw.prop;
  if (rawProp === undefined || rawProp === null || rawProp === '')
    return metadataIssue(site, META_MSG.missingProp);
  if (typeof rawProp !== 'string' || rawProp.trim() === '') {
    return metadataIssue(site, META_MSG.badField, { field: 'prop', expected: META_EXPECTED.text });
  }
  const prop = rawProp.trim();
  site.prop = prop;
  if (RESERVED_PARAMS.includes(prop)) {
    return metadataIssue(site, META_MSG.badField, {
      field: 'prop',
      expected: META_EXPECTED.notReserved,
      names: RESERVED_PARAMS.join(', '),
    });
  }

  if (!isNonEmptyMetaText(raw.fieldname))
    return metadataIssue(site, META_MSG.missingLabel, { field: 'fieldname' });

  if (typeof raw.fieldtype !== 'string' || raw.fieldtype.trim() === '') {
    return metadataIssue(site, META_MSG.badField, {
      field: 'fieldtype',
      expected: META_EXPECTED.oneOf,
      names: registry.names().join(', '),
    });
  }
  const fieldtype = raw.fieldtype.trim();
  const type = registry.get(fieldtype);
  if (!type) return metadataIssue(site, META_MSG.unknownFieldtype, { fieldtype });
  const behaviour = type.search;
  if (!behaviour) return metadataIssue(site, META_MSG.notSearchable, { fieldtype });

  let innerid = prop;
  if (raw.innerid !== undefined && raw.innerid !== null) {
    const id = idText(raw.innerid);
    if (id === null)
      return metadataIssue(site, META_MSG.badField, { field: 'innerid', expected: META_EXPECTED.text });
    innerid = id;
  }

  const show = optionalBool(site, raw, 'show', true);
  if ('issue' in show) return show.issue;
  const custom = optionalBool(site, raw, 'custom', false);
  if ('issue' in custom) return custom.issue;

  let range = false;
  let endValue: unknown = undefined;
  if (raw.endValue !== undefined && raw.endValue !== null) {
    if (!isRecord(raw.endValue) || raw.endValue.type !== 'range') {
      return metadataIssue(site, META_MSG.badField, { field: 'endValue', expected: META_EXPECTED.range });
    }
    if (!behaviour.allowsRange) return metadataIssue(site, META_MSG.rangeNotAllowed, { fieldtype });
    range = true;
    endValue = raw.endValue.value;
  }

  let options: Options = { options: null, codelisttype: null };
  if (behaviour.needsOptions) {
    const parsed = parseOptions(site, raw, fieldtype);
    if ('issue' in parsed) return parsed.issue;
    options = parsed.ok;
  }

  const decoded = behaviour.decode({ range }, raw.value, endValue);
  if (decoded !== null && typeof decoded === 'object' && 'problem' in decoded) {
    return metadataIssue(site, META_MSG.badInitialValue, { detail: decoded.problem });
  }
  const stray = unknownCode(decoded, options.options);
  if (stray !== null)
    return metadataIssue(site, META_MSG.badInitialValue, { detail: `"${stray}" is not an option` });

  return {
    index,
    path,
    innerid,
    prop,
    label: raw.fieldname,
    fieldtype,
    show: show.ok,
    custom: custom.ok,
    initial: decoded,
    range,
    options: options.options,
    codelisttype: options.codelisttype,
  };
}

export function parseSearchFields(raw: unknown, registry: FieldTypeRegistry): ParsedList<SearchFieldNode> {
  if (!Array.isArray(raw)) {
    return {
      items: [],
      issues: [metadataIssue({ path: SEARCH_FIELDS_PATH, index: null, prop: null }, META_MSG.notAList)],
    };
  }
  const items: SearchFieldNode[] = [];
  const issues: MetadataIssue[] = [];
  // request param names in use (a range uses <prop>Start and <prop>End too) → path of the definition
  const byParam = new Map<string, string>();
  const byInnerid = new Map<string, string>();
  raw.forEach((entry: unknown, index) => {
    let parsed = parseField(entry, index, registry);
    if ('innerid' in parsed) {
      const site: IssueSite = { path: parsed.path, index, prop: parsed.prop };
      const names = parsed.range ? [parsed.prop, `${parsed.prop}Start`, `${parsed.prop}End`] : [parsed.prop];
      const propOwner = names.map((n) => byParam.get(n)).find((p) => p !== undefined);
      const idOwner = byInnerid.get(parsed.innerid);
      if (propOwner !== undefined) {
        parsed = metadataIssue(site, META_MSG.duplicateProp, { other: propOwner });
      } else if (idOwner !== undefined) {
        parsed = metadataIssue(site, META_MSG.duplicateInnerid, { innerid: parsed.innerid, other: idOwner });
      } else {
        for (const n of names) byParam.set(n, parsed.path);
        byInnerid.set(parsed.innerid, parsed.path);
        items.push({ kind: 'field', ...parsed });
        return;
      }
    }
    issues.push(parsed);
    items.push(invalidItem(parsed));
  });
  return { items, issues };
}

/** The definitions that parsed (what a server or a query model works with). */
export function validSearchFields(list: ParsedList<SearchFieldNode>): SearchFieldDef[] {
  const fields: SearchFieldDef[] = [];
  for (const item of list.items) {
    if (item.kind === 'field') {
      const { kind: _kind, ...field } = item;
      fields.push(field);
    }
  }
  return fields;
}
