/**
 * REDCap logic inside an ODM file (a REDCap "CDISC ODM (XML)" export's `redcap:BranchingLogic` and
 * `redcap:Calculation`), translated by the REDCap importer's own translator with REDCap's semantics
 * (docs/interchange-redcap.md), then written with the engine variables the ODM import gave the fields.
 */
import { translateLogic, type LogicField } from '../redcap/translateLogic';
import type { RedcapLogicTranslator } from './expressions';

const FIELD_REF = /\[([A-Za-z][A-Za-z0-9_]*)\]/g;

export const translateRedcapLogicInOdm: RedcapLogicTranslator = (logic, form) => {
  const fields = new Map<string, LogicField>();
  for (const [name, fieldtype] of form.fields) fields.set(name, { form: form.tid, fieldtype });
  const result = translateLogic(logic, { form: form.tid, fields });
  if (!result.ok) return null;
  return result.expr.replace(FIELD_REF, (whole, name: string) => {
    const variable = form.variableOf(name);
    return variable === null ? whole : `[${variable}]`;
  });
};
