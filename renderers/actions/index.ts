/** Record actions and item adornments as registries (see recordActions.ts, itemAdornments.ts). */
export {
  actionApplies,
  actionsFor,
  createRecordActionRegistry,
  valuesEditable,
  type ActionDialogProps,
  type ActionScope,
  type RecordAction,
  type RecordActionContext,
  type RecordActionRegistry,
  type RecordKeys,
  type RecordState,
} from './recordActions';
export {
  adornmentsFor,
  createItemAdornmentRegistry,
  type AdornmentIcon,
  type ItemAdornment,
  type ItemAdornmentRegistry,
  type ItemState,
} from './itemAdornments';
export { auditTrailAction, builtinRecordActions, changeAction, enterAction } from './builtinActions';
export { builtinAdornments, dataTypeAdornment, noteAdornment } from './builtinAdornments';
export { RecordActionBar, type RecordActionBarProps } from './RecordActionBar';
export {
  createRecordRegistries,
  defaultRecordRegistries,
  RecordRegistriesProvider,
  useRecordRegistries,
  type RecordRegistries,
} from './recordRegistries';
export { createOrderedRegistry, type Ordered, type OrderedRegistry } from './orderedRegistry';
