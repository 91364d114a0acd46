/** What a subject action is and what its dialog is given (subjectActions.ts registers them). */
import type { ComponentType } from 'react';
import type { SubjectBase, SubjectCapability, SubjectRow } from '../../../../engine/api/subjects';

export interface SubjectActionDialogProps {
  base: SubjectBase;
  onClose(): void;
  /** The subject as the change left it (the page reads it again). */
  onChanged(row: SubjectRow): void;
}

export interface SubjectAction {
  readonly id: string;
  readonly order: number;
  readonly capability: SubjectCapability;
  /** Message id of its label. */
  readonly labelId: string;
  readonly Dialog: ComponentType<SubjectActionDialogProps>;
}
