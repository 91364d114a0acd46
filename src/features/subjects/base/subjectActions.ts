/**
 * Subject actions as registrations (like the form page's record actions, renderers/actions): each names the
 * capability the server must grant on the subject (subjectbase.do `capabilities`, from the role's permissions), its
 * label and its dialog. The subject page draws the granted ones in order and knows none of them; a later workflow
 * (abandon, transfer, sign) is one more registration.
 */
import type { SubjectBase } from '../../../../engine/api/subjects';
import { AbandonSubjectActionDialog } from '../abandon/AbandonSubjectDialog';
import { createOrderedRegistry, type OrderedRegistry } from '../../../../renderers/actions/orderedRegistry';
import { SdvSubjectDialog } from '../../sdv/SdvSubjectDialog';
import { ChangeStatusDialog } from './ChangeStatusDialog';
import { EditInfoDialog } from './EditInfoDialog';
import { EditSubjectDialog } from './EditSubjectDialog';
import type { SubjectAction } from './subjectActionTypes';

export type { SubjectAction, SubjectActionDialogProps } from './subjectActionTypes';

export type SubjectActionRegistry = OrderedRegistry<SubjectAction>;

export const builtinSubjectActions: readonly SubjectAction[] = [
  { id: 'editInfo', order: 10, capability: 'editInfo', labelId: 'casebook.editInfo', Dialog: EditInfoDialog },
  {
    id: 'editSubject',
    order: 20,
    capability: 'editSubject',
    labelId: 'casebook.editSubject',
    Dialog: EditSubjectDialog,
  },
  {
    id: 'changeStatus',
    order: 30,
    capability: 'changeStatus',
    labelId: 'casebook.changeStatus',
    Dialog: ChangeStatusDialog,
  },
  // abandon (docs/casebook-batch.md): irreversible, with a reason and the password
  {
    id: 'abandon',
    order: 90,
    capability: 'abandon',
    labelId: 'casebook.abandon',
    Dialog: AbandonSubjectActionDialog,
  },
  // source data verification of the whole subject (docs/notes-and-sdv.md): monitors
  {
    id: 'sdvSubject',
    order: 50,
    capability: 'sdvSubject',
    labelId: 'sdv.subject.action',
    Dialog: SdvSubjectDialog,
  },
];

export const defaultSubjectActions: SubjectActionRegistry = createOrderedRegistry(builtinSubjectActions);

/** The actions offered on a subject, in order. */
export function subjectActionsFor(
  actions: readonly SubjectAction[],
  base: Pick<SubjectBase, 'capabilities'>,
): readonly SubjectAction[] {
  return actions.filter((a) => base.capabilities.includes(a.capability));
}
