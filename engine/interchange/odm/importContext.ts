/** What the ODM importer's readers share while reading one MetaDataVersion. */
import type { RedcapLogicTranslator } from './expressions';
import type { MetaText } from '../../metadata/types';
import type { RawFormItem, Severity } from '../../form/types';
import type { StudyCodeListItem } from '../types';
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

export interface ReadCodeList {
  oid: string;
  name: string;
  /** An item's own options (`edcweb:inline`), not a study code list. */
  inline: boolean;
  /** ODM DataType (or the `edcweb:dataType` alias). */
  dataType: string;
  items: StudyCodeListItem[];
  /** REDCap: `redcap:CheckboxChoices` (`1, Fever | 2, Cough`). */
  checkboxChoices: string | undefined;
}

/** An expression to translate once every item of the form is known. */
export interface PendingExpression {
  kind: 'formula' | 'show' | 'check' | 'redcapShow' | 'redcapCalc';
  target: string;
  text: string;
  context: string | undefined;
  at: string;
  severity?: Severity;
  message?: MetaText;
  /** The ODM OID of the definition (rule id from it). */
  oid?: string;
}

export interface ItemReadContext {
  formOid: string;
  groupOid: string;
  itemDefs: ReadonlyMap<string, XmlElement>;
  codeLists: ReadonlyMap<string, ReadCodeList>;
  units: ReadonlyMap<string, MetaText>;
  methods: ReadonlyMap<string, XmlElement>;
  issues: OdmIssues;
}

export interface ReadItem {
  item: RawFormItem;
  oid: string;
  /** REDCap `redcap:Variable` or the ODM Name, for expressions naming the item. */
  names: string[];
  pending: PendingExpression[];
  /** REDCap section header / OpenClinica section label starting a new section at this item. */
  sectionStart: { key: string; title: MetaText } | null;
  /** REDCap checkbox choice items (`var___code`): the variable they belong to and the code. */
  redcapCheckbox: { variable: string; code: string } | null;
}
