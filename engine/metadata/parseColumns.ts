/**
 * Column sets from the server → ColumnNodes (leaves and groups). Strict and kind like parseSearchFields: a bad
 * column becomes an InvalidItem naming it (`columns[2].children[0]`), its siblings still parse. Whether a column's
 * `render`, `slotName` and `filter` exist is checked when it is mapped (grid/columnToColDef), where the registries
 * are known.
 */
import { isValidTimeZone } from '../fieldTypes/dates';
import type { FieldTypeRegistry } from '../fieldTypes/types';
import { parseSelector } from './codeOptions';
import { META_EXPECTED, META_MSG } from './messages';
import { idText, invalidItem, isRecord, metadataIssue, type IssueSite } from './issues';
import { isNonEmptyMetaText } from './metaText';
import type { CodeOption, ColumnLeafDef, ColumnNode, ColumnPin, MetadataIssue, ParsedList } from './types';

/** Path of the list itself in issues (`columns[3]`, `columns[3].children[1]` for its items). */
export const COLUMNS_PATH = 'columns';

/** Time zone value meaning "the user's zone". */
export const USER_TIME_ZONE = 'user';

type Step<T> = { ok: T } | { issue: MetadataIssue };

function bad(site: IssueSite, field: string, expected: string): { issue: MetadataIssue } {
  return { issue: metadataIssue(site, META_MSG.badField, { field, expected }) };
}

function absent(v: unknown): v is undefined | null {
  return v === undefined || v === null;
}

function parseFixed(site: IssueSite, v: unknown): Step<ColumnPin | null> {
  if (absent(v) || v === false) return { ok: null };
  if (v === true || v === 'left') return { ok: 'left' };
  if (v === 'right') return { ok: 'right' };
  return bad(site, 'fixed', META_EXPECTED.fixed);
}

/** A positive number of pixels; a numeric text (`'120'`, `'120px'`) is accepted too. */
function parseWidth(site: IssueSite, key: string, v: unknown): Step<number | null> {
  if (absent(v)) return { ok: null };
  const n = typeof v === 'string' && /^\s*\d+(\.\d+)?(px)?\s*$/.test(v) ? Number.parseFloat(v) : v;
  if (typeof n === 'number' && Number.isFinite(n) && n > 0) return { ok: n };
  return bad(site, key, META_EXPECTED.number);
}

function parseName(site: IssueSite, key: string, v: unknown): Step<string | null> {
  if (absent(v) || v === '') return { ok: null };
  if (typeof v === 'string' && v.trim() !== '') return { ok: v.trim() };
  return bad(site, key, META_EXPECTED.name);
}

function parseId(site: IssueSite, key: string, v: unknown): Step<string | null> {
  if (absent(v) || v === '') return { ok: null };
  const id = idText(v);
  return id === null ? bad(site, key, META_EXPECTED.text) : { ok: id };
}

function parseSortable(site: IssueSite, v: unknown): Step<boolean> {
  if (absent(v)) return { ok: false };
  if (typeof v === 'boolean') return { ok: v };
  if (v === 'custom') return { ok: true };
  return bad(site, 'sortable', META_EXPECTED.sortable);
}

/** Inline `options` (`[{codevalue, codedesp}]`) for the `options` formatter: null when absent. */
function parseOptions(site: IssueSite, v: unknown): Step<readonly CodeOption[] | null> {
  if (absent(v)) return { ok: null };
  if (!Array.isArray(v)) return bad(site, 'options', META_EXPECTED.list);
  const parsed = parseSelector(v);
  if ('badOption' in parsed) {
    return { issue: metadataIssue(site, META_MSG.badOption, { option: parsed.badOption + 1 }) };
  }
  return { ok: parsed.options };
}

function parseNowrap(site: IssueSite, v: unknown): Step<boolean> {
  if (absent(v)) return { ok: true };
  return typeof v === 'boolean' ? { ok: v } : bad(site, 'nowrap', META_EXPECTED.bool);
}

interface Walk {
  registry: FieldTypeRegistry;
  issues: MetadataIssue[];
  /** prop → path of the first column with it. */
  props: Map<string, string>;
  /** sort key `sorttid|innerid` → path of the first column with it. */
  sortKeys: Map<string, string>;
}

function parseLeaf(
  raw: Record<string, unknown>,
  site: IssueSite,
  prop: string,
  walk: Walk,
): ColumnLeafDef | MetadataIssue {
  if (!isNonEmptyMetaText(raw.label)) return metadataIssue(site, META_MSG.missingLabel, { field: 'label' });
  const width = parseWidth(site, 'width', raw.width);
  if ('issue' in width) return width.issue;
  const minWidth = parseWidth(site, 'minWidth', raw.minWidth);
  if ('issue' in minWidth) return minWidth.issue;
  const fixed = parseFixed(site, raw.fixed);
  if ('issue' in fixed) return fixed.issue;
  const sortable = parseSortable(site, raw.sortable);
  if ('issue' in sortable) return sortable.issue;

  const fieldtype = parseName(site, 'fieldtype', raw.fieldtype);
  if ('issue' in fieldtype) return fieldtype.issue;
  if (fieldtype.ok !== null && !walk.registry.get(fieldtype.ok)) {
    return metadataIssue(site, META_MSG.unknownFieldtype, { fieldtype: fieldtype.ok });
  }

  const filterText = parseName(site, 'filter', raw.filter);
  if ('issue' in filterText) return filterText.issue;
  let filter: ColumnLeafDef['filter'] = null;
  if (filterText.ok !== null) {
    const colon = filterText.ok.indexOf(':');
    const name = colon < 0 ? filterText.ok : filterText.ok.slice(0, colon).trim();
    const arg = colon < 0 ? null : filterText.ok.slice(colon + 1).trim() || null;
    if (name === '') return bad(site, 'filter', META_EXPECTED.filter).issue;
    filter = { name, arg };
  }

  const options = parseOptions(site, raw.options);
  if ('issue' in options) return options.issue;

  const render = parseName(site, 'render', raw.render);
  if ('issue' in render) return render.issue;
  const slotName = parseName(site, 'slotName', raw.slotName);
  if ('issue' in slotName) return slotName.issue;

  const timezone = parseName(site, 'timezone', raw.timezone);
  if ('issue' in timezone) return timezone.issue;
  if (timezone.ok !== null && timezone.ok !== USER_TIME_ZONE && !isValidTimeZone(timezone.ok)) {
    return metadataIssue(site, META_MSG.badTimezone, { timezone: timezone.ok });
  }

  const sorttid = parseId(site, 'sorttid', raw.sorttid);
  if ('issue' in sorttid) return sorttid.issue;
  const innerid = parseId(site, 'innerid', raw.innerid);
  if ('issue' in innerid) return innerid.issue;
  const nowrap = parseNowrap(site, raw.nowrap);
  if ('issue' in nowrap) return nowrap.issue;

  const other = walk.props.get(prop);
  if (other !== undefined) return metadataIssue(site, META_MSG.duplicateProp, { other });
  const sortKey = innerid.ok === null ? null : `${sorttid.ok ?? ''}|${innerid.ok}`;
  const sameItem = sortKey === null ? undefined : walk.sortKeys.get(sortKey);
  if (innerid.ok !== null && sameItem !== undefined) {
    return metadataIssue(site, META_MSG.duplicateInnerid, { innerid: innerid.ok, other: sameItem });
  }
  walk.props.set(prop, site.path);
  if (sortKey !== null) walk.sortKeys.set(sortKey, site.path);

  return {
    kind: 'leaf',
    index: site.index ?? 0,
    path: site.path,
    prop,
    label: raw.label,
    width: width.ok,
    minWidth: minWidth.ok,
    fixed: fixed.ok,
    sortable: sortable.ok,
    fieldtype: fieldtype.ok,
    filter,
    options: options.ok,
    render: render.ok,
    slotName: slotName.ok,
    timezone: timezone.ok,
    sorttid: sorttid.ok,
    innerid: innerid.ok,
    nowrap: nowrap.ok,
  };
}

function parseNode(raw: unknown, index: number, path: string, walk: Walk): ColumnNode {
  const node = parseNodeOrIssue(raw, index, path, walk);
  if ('messageId' in node) {
    walk.issues.push(node);
    return invalidItem(node);
  }
  return node;
}

function parseNodeOrIssue(raw: unknown, index: number, path: string, walk: Walk): ColumnNode | MetadataIssue {
  const site: IssueSite = { path, index, prop: null };
  if (!isRecord(raw)) return metadataIssue(site, META_MSG.notAnObject);
  const prop = typeof raw.prop === 'string' && raw.prop.trim() !== '' ? raw.prop.trim() : null;
  site.prop = prop;

  if (!absent(raw.children)) {
    if (!Array.isArray(raw.children)) return bad(site, 'children', META_EXPECTED.list).issue;
    if (raw.children.length === 0) return metadataIssue(site, META_MSG.emptyGroup);
    if (!isNonEmptyMetaText(raw.label)) return metadataIssue(site, META_MSG.missingLabel, { field: 'label' });
    const fixed = parseFixed(site, raw.fixed);
    if ('issue' in fixed) return fixed.issue;
    const label = raw.label;
    const children = raw.children.map((child: unknown, i) =>
      parseNode(child, i, `${path}.children[${i}]`, walk),
    );
    return { kind: 'group', index, path, label, fixed: fixed.ok, children };
  }

  if (absent(raw.prop) || raw.prop === '') return metadataIssue(site, META_MSG.columnNeedsPropOrChildren);
  if (prop === null) return bad(site, 'prop', META_EXPECTED.text).issue;
  return parseLeaf(raw, site, prop, walk);
}

export function parseColumns(raw: unknown, registry: FieldTypeRegistry): ParsedList<ColumnNode> {
  if (!Array.isArray(raw)) {
    return {
      items: [],
      issues: [metadataIssue({ path: COLUMNS_PATH, index: null, prop: null }, META_MSG.notAList)],
    };
  }
  const walk: Walk = { registry, issues: [], props: new Map(), sortKeys: new Map() };
  const items = raw.map((entry: unknown, i) => parseNode(entry, i, `${COLUMNS_PATH}[${i}]`, walk));
  return { items, issues: walk.issues };
}

/** Every leaf column that parsed, depth first (e.g. the server's whitelist of sortable props). */
export function columnLeaves(nodes: readonly ColumnNode[]): ColumnLeafDef[] {
  const out: ColumnLeafDef[] = [];
  const visit = (node: ColumnNode): void => {
    if (node.kind === 'leaf') out.push(node);
    else if (node.kind === 'group') node.children.forEach(visit);
  };
  nodes.forEach(visit);
  return out;
}
