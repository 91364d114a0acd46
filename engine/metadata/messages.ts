/**
 * Message ids of list metadata: issues of bad definitions and problems with typed search values. Their texts live in
 * the app tier of the catalogues (src/i18n/app/*.json); kept apart from engine/messages.ts so that the login front
 * does not carry them.
 */
/**
 * What is wrong with a metadata definition (MetadataIssue.messageId). Values: always `path`, and `prop` when known
 * ('?' otherwise), plus the ones each text names.
 */
export const META_MSG = {
  notAList: 'meta.notAList',
  notAnObject: 'meta.notAnObject',
  missingProp: 'meta.missingProp',
  /** + field (`fieldname` or `label`) */
  missingLabel: 'meta.missingLabel',
  /** + field, expected (e.g. 'a number', '"left", "right" or true') */
  badField: 'meta.badField',
  /** + fieldtype */
  unknownFieldtype: 'meta.unknownFieldtype',
  /** + fieldtype */
  notSearchable: 'meta.notSearchable',
  /** + fieldtype */
  noOptions: 'meta.noOptions',
  /** + option (1-based position) */
  badOption: 'meta.badOption',
  /** + fieldtype */
  rangeNotAllowed: 'meta.rangeNotAllowed',
  /** + detail */
  badInitialValue: 'meta.badInitialValue',
  /** + other (path of the first definition with this prop) */
  duplicateProp: 'meta.duplicateProp',
  /** + innerid, other */
  duplicateInnerid: 'meta.duplicateInnerid',
  columnNeedsPropOrChildren: 'meta.columnNeedsPropOrChildren',
  emptyGroup: 'meta.emptyGroup',
  /** + render */
  unknownRender: 'meta.unknownRender',
  /** + slotName */
  unknownSlot: 'meta.unknownSlot',
  /** + filter */
  unknownFilter: 'meta.unknownFilter',
  /** + timezone */
  badTimezone: 'meta.badTimezone',
} as const;

/**
 * What a bad field should have been (`expected` of META_MSG.badField): catalogue keys too, translated before the
 * issue text (see renderers/search/metadataText.ts). `notReserved` and `oneOf` take the value `names`.
 */
export const META_EXPECTED = {
  text: 'meta.expected.text',
  name: 'meta.expected.name',
  list: 'meta.expected.list',
  number: 'meta.expected.number',
  bool: 'meta.expected.bool',
  fixed: 'meta.expected.fixed',
  sortable: 'meta.expected.sortable',
  filter: 'meta.expected.filter',
  range: 'meta.expected.range',
  notReserved: 'meta.expected.notReserved',
  oneOf: 'meta.expected.oneOf',
} as const;

/** Why an initial value cannot be read (`detail` of META_MSG.badInitialValue; a field type's `decode` problem). */
export const META_PROBLEM = {
  notCode: 'meta.problem.notCode',
  notCodeList: 'meta.problem.notCodeList',
  notIsoDate: 'meta.problem.notIsoDate',
  endBeforeStart: 'meta.problem.endBeforeStart',
  notText: 'meta.problem.notText',
  notNumber: 'meta.problem.notNumber',
} as const;

/** Problems with a value typed into a search bar (ValueProblem.messageId). */
export const SEARCH_MSG = {
  /** warning; + max */
  maxLengthReached: 'search.maxLengthReached',
  numberOnly: 'search.numberOnly',
  rangeOrder: 'search.rangeOrder',
  badDate: 'search.badDate',
} as const;
