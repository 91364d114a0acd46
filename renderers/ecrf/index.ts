/** The eCRF renderers: the data-entry form, its widgets, the log-line rows grid and the dialogs of the save flow. */
export { EcrfForm, ON_CHANGE_DEBOUNCE_MS, type EcrfFormProps } from './EcrfForm';
export type { EcrfFormController } from './controller';
export { formWidgets } from './widgets/registry';
export type { FormWidget, FormWidgetProps, FormWidgetRegistry } from './widgets/types';
export { LoglineTable, type LoglineTableProps } from './LoglineTable';
export { AuditTrailDialog, type AuditTrailDialogProps } from './AuditTrailDialog';
export { ChangeReasonDialog, REASON_MAX_LENGTH, type ChangeReasonDialogProps } from './ChangeReasonDialog';
export { ConfirmWarningsDialog, type ConfirmWarningsDialogProps } from './ConfirmWarningsDialog';
export { DraftOfferDialog, type DraftOfferDialogProps, type DraftRecordChange } from './DraftOfferDialog';
export { UnsavedChangesDialog, type UnsavedChangesDialogProps } from './UnsavedChangesDialog';
export { SchemaIssuesPanel, type SchemaIssuesPanelProps } from './SchemaIssuesPanel';
export { ItemAdornments, drawnAdornments, type DrawnAdornment } from './ItemAdornments';
export { fieldProblemText, schemaIssueText, useFieldProblemText } from './problemText';
