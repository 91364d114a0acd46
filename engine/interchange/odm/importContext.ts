/** What the ODM importer's readers share while reading one MetaDataVersion. */
import type { RedcapLogicTranslator } from './expressions';
import type { ItemReadContext } from './importItem';
import type { OdmIssues } from './issues';
import type { XmlElement } from './parseXml';

export interface OdmImportOptions {
  /**
   * REDCap logic → rule language (branching logic, calculations of a REDCap "CDISC ODM (XML)" export). Wired by the
   * caller to the REDCap importer's translator; without it such logic is reported as not translated.
   */
  translateRedcapLogic?: RedcapLogicTranslator;
}

export interface FormReadContext {
  mdv: XmlElement;
  groups: Map<string, XmlElement>;
  conditions: Map<string, XmlElement>;
  /** ConditionDefs already read (this product's rules, collection exceptions). */
  usedConditions: Set<string>;
  itemCtx: Omit<ItemReadContext, 'formOid' | 'groupOid'>;
  issues: OdmIssues;
  options: OdmImportOptions;
}
