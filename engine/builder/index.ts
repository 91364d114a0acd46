/**
 * The builder's workbench (issue 18, docs/builder-engine.md): partial compile for a preview of what compiles,
 * generated values to try a form, why items are hidden, and what a new schema version does to entered data.
 * Pure functions over compiled forms; no DOM.
 */
export {
  compileFormPartial,
  PLACEHOLDER_FIELD_TYPE,
  type BrokenItem,
  type BrokenRule,
  type PartialCompileResult,
} from './partialCompile';
export { fillValues, seededRandom, BUILDER_FORM_CTX, type FillMode } from './fillValues';
export {
  explainVisibility,
  tryForm,
  type HiddenItem,
  type HidingRule,
  type ReadValue,
  type TryResult,
} from './explainVisibility';
export {
  compareSchemas,
  impactOnValues,
  schemaChangeMessageId,
  SCHEMA_CHANGE_CODES,
  type ChangeImpact,
  type CompareOptions,
  type SchemaChange,
  type SchemaChangeCode,
  type SchemaComparison,
} from './compareSchemas';
export {
  markedBlocks,
  ruleExamples,
  type DocBlock,
  type RuleExample,
  type RuleExpectation,
} from './docExamples';
export { builderVocabulary, codeListCatalog, type BuilderVocabulary } from './vocabulary';
