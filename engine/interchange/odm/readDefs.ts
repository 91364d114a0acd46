/**
 * Small readers shared by the ODM importer: TranslatedText → MetaText, `edcweb:` aliases of a definition, ordered
 * references, the definition index by OID.
 */
import type { MetaText } from '../../metadata/types';
import { aliasKey, aliasValue } from './aliases';
import { ODM_ISSUE, type OdmIssues } from './issues';
import { childOf, childrenOf, type XmlElement } from './parseXml';
import { localeOfLang } from './vocabulary';

/** TranslatedTexts of a `Question`/`Description`/`Decode`… → MetaText; a text without xml:lang serves both. */
export function metaTextOf(el: XmlElement | undefined): MetaText | null {
  if (el === undefined) return null;
  const texts = childrenOf(el, 'TranslatedText');
  if (texts.length === 0) return null;
  let zh: string | null = null;
  let en: string | null = null;
  let plain: string | null = null;
  let other: string | null = null;
  for (const t of texts) {
    const lang = t.attrs['xml:lang'];
    const locale = lang === undefined ? null : localeOfLang(lang);
    if (lang === undefined) plain ??= t.text;
    else if (locale === 'zh_CN') zh ??= t.text;
    else if (locale === 'en') en ??= t.text;
    else other ??= t.text;
  }
  if (zh !== null && en !== null) return { zh_CN: zh, en };
  const base = plain ?? other;
  if (zh !== null) return base === null ? zh : { zh_CN: zh, en: base };
  if (en !== null) return base === null ? en : { zh_CN: base, en };
  return base;
}

/** The `edcweb:` aliases of a definition by key, values decoded (a bad value is reported and left out). */
export function productAliases(el: XmlElement, at: string, issues: OdmIssues): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const a of childrenOf(el, 'Alias')) {
    const key = aliasKey(a.attrs.Context ?? '');
    if (key === null) continue;
    const value = aliasValue(key, a.attrs.Name ?? '');
    if (value === undefined)
      issues.add('warning', `${at}/Alias[@Context="${a.attrs.Context ?? ''}"]`, ODM_ISSUE.badAlias, {
        context: a.attrs.Context ?? '',
      });
    else out.set(key, value);
  }
  return out;
}

/** Aliases of other contexts (kept on items). */
export function foreignAliases(el: XmlElement): { context: string; name: string }[] {
  return childrenOf(el, 'Alias')
    .filter((a) => aliasKey(a.attrs.Context ?? '') === null)
    .map((a) => ({ context: a.attrs.Context ?? '', name: a.attrs.Name ?? '' }));
}

/** References (`ItemRef`, `FormRef` …) in `OrderNumber` order, document order among equals or without one. */
export function ordered(refs: XmlElement[]): XmlElement[] {
  const key = (r: XmlElement) => {
    const n = Number(r.attrs.OrderNumber);
    return Number.isFinite(n) ? n : Number.POSITIVE_INFINITY;
  };
  return refs
    .map((r, i) => ({ r, i }))
    .sort((a, b) => key(a.r) - key(b.r) || a.i - b.i)
    .map((x) => x.r);
}

/** Definitions of one kind by OID (the first wins; a duplicate is reported). */
export function indexByOid(
  parent: XmlElement,
  kind: string,
  at: (oid: string) => string,
  issues: OdmIssues,
): Map<string, XmlElement> {
  const map = new Map<string, XmlElement>();
  for (const el of childrenOf(parent, kind)) {
    const oid = el.attrs.OID;
    if (oid === undefined || oid === '') {
      issues.add('error', `${at('')}`, ODM_ISSUE.missingAttribute, { attribute: 'OID', element: kind });
      continue;
    }
    if (map.has(oid)) issues.add('warning', at(oid), ODM_ISSUE.duplicateOid, { oid });
    else map.set(oid, el);
  }
  return map;
}

export function firstFormalExpression(el: XmlElement): { text: string; context: string | undefined } | null {
  const f = childOf(el, 'FormalExpression');
  return f === undefined
    ? null
    : { text: f.text.trim() === f.text ? f.text : f.text, context: f.attrs.Context };
}
