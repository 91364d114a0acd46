/**
 * Message ids of eCRF forms: problems with entered values (FieldProblem.messageId) and problems with a schema
 * (FormSchemaIssue.messageId). Texts live in the app tier of the catalogues (src/i18n/app/*.json, `form.*` keys);
 * a test checks that every id here exists in both.
 *
 * A syntax error in a rule or formula keeps the rule language's own message id (`rule.*`, engine/rules/messages.ts)
 * with its values (`pos`, `token`, …).
 */

/** Problems with one item's value, then schema issues. The comments name the values each text uses. */
export const FORM_MSG = {
  notInteger: 'form.notInteger',
  notDecimal: 'form.notDecimal',
  /** + precision */
  tooManyDecimals: 'form.tooManyDecimals',
  unknownNotAllowed: 'form.unknownNotAllowed',
  notDate: 'form.notDate',
  partialNotAllowed: 'form.partialNotAllowed',
  notTime: 'form.notTime',
  notDateTime: 'form.notDateTime',
  required: 'form.required',
  /** + max, length */
  tooLong: 'form.tooLong',
  /** the pattern's own message comes as FieldProblem.text */
  pattern: 'form.pattern',
  /** + value */
  notAnOption: 'form.notAnOption',
  /** + value */
  duplicateOption: 'form.duplicateOption',
  /** a list where one value is expected, or the other way round */
  badValue: 'form.badValue',
  /** + min, max */
  outOfRange: 'form.outOfRange',
  /** + min */
  belowMin: 'form.belowMin',
  /** + max */
  aboveMax: 'form.aboveMax',
  /** + min, max */
  outOfSoftRange: 'form.outOfSoftRange',
  /** + min */
  belowSoftMin: 'form.belowSoftMin',
  /** + max */
  aboveSoftMax: 'form.aboveSoftMax',
  /** a check rule failed; its message comes as FieldProblem.text, its id as ruleId; + rule */
  checkFailed: 'form.checkFailed',

  // --- What is wrong with a schema (FormSchemaIssue.messageId); `path` and `subject` are on the issue itself.
  notAnObject: 'form.notAnObject',
  /** + field */
  missingField: 'form.missingField',
  /** + field */
  fieldNotText: 'form.fieldNotText',
  /** + field */
  fieldNotLabel: 'form.fieldNotLabel',
  /** + field */
  fieldNotBoolean: 'form.fieldNotBoolean',
  /** + field */
  fieldNotList: 'form.fieldNotList',
  /** + field */
  fieldNotPositiveInteger: 'form.fieldNotPositiveInteger',
  noSections: 'form.noSections',
  /** + id, first (path of the first section with this id) */
  duplicateSectionId: 'form.duplicateSectionId',
  /** + variable */
  badVariable: 'form.badVariable',
  /** + variable, first */
  duplicateVariable: 'form.duplicateVariable',
  /** + fieldtype, known (comma-separated) */
  unknownFieldType: 'form.unknownFieldType',
  /** + fieldtype */
  noOptions: 'form.noOptions',
  /** + option (1-based) */
  badOption: 'form.badOption',
  /** + value */
  duplicateOptionValue: 'form.duplicateOptionValue',
  /** + length */
  badLength: 'form.badLength',
  /** + precision */
  badPrecision: 'form.badPrecision',
  /** + field (hardRange/softRange) */
  badRange: 'form.badRange',
  /** + field, min, max */
  rangeMinAboveMax: 'form.rangeMinAboveMax',
  /** + soft, hard (as `min–max`, `…` for an open end) */
  softOutsideHard: 'form.softOutsideHard',
  /** + fieldtype */
  rangeNotNumeric: 'form.rangeNotNumeric',
  /** + regex, error */
  badPattern: 'form.badPattern',
  /** + value (the default as JSON) */
  badDefault: 'form.badDefault',
  /** + fieldtype */
  defaultNotAllowed: 'form.defaultNotAllowed',
  /** + fieldtype (inputAssist is for text and textarea items only) */
  inputAssistNotAllowed: 'form.inputAssistNotAllowed',
  /** + fieldtype (coding is for text and textarea items only) */
  codingNotAllowed: 'form.codingNotAllowed',
  /** + value (as given), known (the dictionaries) */
  badCoding: 'form.badCoding',
  /** + value, known (labelFormat is `text` or `html`) */
  badLabelFormat: 'form.badLabelFormat',
  noFormula: 'form.noFormula',
  /** + id, first */
  duplicateRule: 'form.duplicateRule',
  /** + kind, known */
  unknownRuleKind: 'form.unknownRuleKind',
  /** + rule, variable (for a formula, rule = the calculated item's variable) */
  unknownReference: 'form.unknownReference',
  /** + rule, target */
  unknownTarget: 'form.unknownTarget',
  /** + rule */
  checkWithoutSeverity: 'form.checkWithoutSeverity',
  /** + rule */
  checkWithoutMessage: 'form.checkWithoutMessage',
  /** + cycle (`A → B → A`) */
  cycle: 'form.cycle',
  /** + codelisttype, known (the study's code-list names, comma-separated) — only when the compiler is given them */
  unknownCodeList: 'form.unknownCodeList',
  /** + rule (rule id, or the calculated variable), variable, code: compares a choice item with a code it does not offer */
  codeNotAnOption: 'form.codeNotAnOption',
  /** + rule, variable: `=`, `<` … on a multi-choice item (a list) is never true; in()/contains() are meant */
  listCompared: 'form.listCompared',
  /** + rule, target: a show rule whose condition can never be true (a constant) — its target would never be shown */
  showNeverTrue: 'form.showNeverTrue',
  /** + rule, target, variable: a show rule asking contradictory things of `variable` (ranges, codes, options) */
  showContradiction: 'form.showContradiction',
  /** + rule, target: partial compile — a rule left out because its target item has problems */
  targetBroken: 'form.targetBroken',
} as const;

export type FormMessageId = (typeof FORM_MSG)[keyof typeof FORM_MSG];
