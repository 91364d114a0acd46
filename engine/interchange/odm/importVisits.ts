/**
 * ODM `Protocol` + `StudyEventDef`s → the visit schedule: protocol order (events it does not list appended), kinds
 * from `Repeating` / `Type` (and `edcweb:kind`), `FormRef`s as the visit's forms (Mandatory) or optional forms,
 * REDCap's unique event names and day offsets.
 */
import type { StudyVisit, VisitKind } from '../types';
import { MDV_PATH, ODM_ISSUE, defPath, type OdmIssues } from './issues';
import { childOf, childrenOf, type XmlElement } from './parseXml';
import { metaTextOf, ordered, productAliases } from './readDefs';
import { stripFirst } from './vocabulary';

function visitKind(def: XmlElement, aliases: Map<string, unknown>): VisitKind {
  const kind = aliases.get('kind');
  if (kind === 'hidden' || kind === 'scheduled' || kind === 'unscheduled' || kind === 'repeating')
    return kind;
  if (def.attrs.Type === 'Unscheduled') return 'unscheduled';
  if (def.attrs.Repeating === 'Yes') return 'repeating';
  return 'scheduled';
}

export function readVisits(
  mdv: XmlElement,
  events: Map<string, XmlElement>,
  tidOf: (formOid: string) => readonly string[] | null,
  issues: OdmIssues,
): StudyVisit[] {
  const protocol = childOf(mdv, 'Protocol');
  const order: string[] = [];
  if (protocol !== undefined) {
    for (const ref of ordered(childrenOf(protocol, 'StudyEventRef'))) {
      const oid = ref.attrs.StudyEventOID ?? '';
      if (!events.has(oid))
        issues.add(
          'error',
          `${MDV_PATH}/Protocol/StudyEventRef[@StudyEventOID="${oid}"]`,
          ODM_ISSUE.missingDef,
          { kind: 'StudyEventDef', oid },
        );
      else if (!order.includes(oid)) order.push(oid);
    }
  }
  for (const oid of events.keys()) {
    if (order.includes(oid)) continue;
    if (protocol !== undefined)
      issues.add('info', defPath('StudyEventDef', oid), ODM_ISSUE.eventNotInProtocol, { visit: oid });
    order.push(oid);
  }
  return order.map((oid) => {
    const def = events.get(oid) as XmlElement;
    const at = defPath('StudyEventDef', oid);
    const aliases = productAliases(def, at, issues);
    const tids: string[] = [];
    const optionalTids: string[] = [];
    for (const ref of ordered(childrenOf(def, 'FormRef'))) {
      const formOid = ref.attrs.FormOID ?? '';
      const formTids = tidOf(formOid);
      if (formTids === null) {
        issues.add('error', `${at}/FormRef[@FormOID="${formOid}"]`, ODM_ISSUE.missingDef, {
          kind: 'FormDef',
          oid: formOid,
        });
        continue;
      }
      // REDCap designates forms to events with Mandatory="No": they are the event's forms all the same
      const optional = ref.attrs.Mandatory === 'No' && ref.attrs['redcap:FormName'] === undefined;
      const list = optional ? optionalTids : tids;
      for (const tid of formTids) if (!tids.includes(tid) && !optionalTids.includes(tid)) list.push(tid);
    }
    const redcapDay = Number(def.attrs['redcap:DayOffset']);
    const day =
      aliases.get('day') ??
      (def.attrs['redcap:DayOffset'] !== undefined && Number.isFinite(redcapDay) ? redcapDay : undefined);
    const unique = def.attrs['redcap:UniqueEventName'];
    return {
      visitnum: unique ?? stripFirst(oid, ['SE.', 'SE_']),
      name: metaTextOf(childOf(def, 'Description')) ?? def.attrs.Name ?? oid,
      kind: visitKind(def, aliases),
      day: typeof day === 'number' ? day : null,
      tids,
      optionalTids,
    };
  });
}
