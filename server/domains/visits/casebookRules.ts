/**
 * The casebook's rules for visits, forms and marks (docs/casebook-visits.md), as pure functions: what the session
 * may do to a visit or a page (the `actions` of visitlist.do and tablelist.do) and why a mark is refused. The same
 * functions decide the actions offered, the answers of checkDataCaseBook / checkActiveByCaseBook and the checks of
 * activedata.do, so that what the grid offers and what the server accepts never differ.
 */
import type {
  CasebookMarkKind,
  MarkAction,
  PageAction,
  VisitAction,
  VisitKind,
} from '../../../engine/api/visits';
import type { ServerMessageId } from '../../core/messages';

export const VISIT_PERMISSION = {
  add: 'visit.add',
  delete: 'visit.delete',
  mark: 'page.mark',
} as const;

/** Subject states in which visits and forms may be added: screening, enrolled, withdrawn (early termination). */
export const ADDING_STATES: ReadonlySet<string> = new Set(['1', '2', '4']);

const SETTING_ACTIONS = ['uncollected', 'unoccurred', 'deactivate'] as const;

export interface MarkState {
  /** The target's own mark. */
  own: CasebookMarkKind | null;
  /** For a page: the mark of its whole visit. */
  visit: CasebookMarkKind | null;
  /** Pages of the target with entered data. */
  entered: number;
}

/** Why `action` may not be applied to a target in `state`, or null. */
export function markRefusal(action: MarkAction, state: MarkState): ServerMessageId | null {
  if (action === 'activate') return state.own === null ? 'notMarked' : null;
  if (state.own !== null) return 'alreadyMarked';
  if (state.visit !== null) return 'visitAlreadyMarked';
  if (action !== 'deactivate' && state.entered > 0) return 'pageHasData';
  return null;
}

function markActions(granted: ReadonlySet<string>, state: MarkState): MarkAction[] {
  if (!granted.has(VISIT_PERMISSION.mark)) return [];
  return [...SETTING_ACTIONS, 'activate' as const].filter((a) => markRefusal(a, state) === null);
}

export interface VisitFacts {
  kind: VisitKind;
  added: boolean;
  cycnum: number;
  /** Whether it is the subject's last cycle of its visit. */
  lastCycle: boolean;
  /** Records in the visit. */
  records: number;
  /** Marks in the visit (its own and its pages'). */
  marks: number;
  ownMark: CasebookMarkKind | null;
  /** Forms with data. */
  enteredForms: number;
  /** Optional forms not added yet. */
  addableForms: number;
}

/** Why a visit may not be deleted (deletevisit / delCurrentVisit), or null. */
export function visitDeleteRefusal(
  f: Pick<VisitFacts, 'kind' | 'added' | 'records' | 'marks' | 'cycnum' | 'lastCycle'>,
  via: 'deleteVisit' | 'delCurrentVisit',
): ServerMessageId | null {
  // deletevisit: a hidden or unscheduled visit a user added, or the only cycle of a repeating one
  const whole =
    f.kind === 'hidden' ||
    f.kind === 'unscheduled' ||
    (f.kind === 'repeating' && f.cycnum === 1 && f.lastCycle);
  if (via === 'deleteVisit' && (!f.added || !whole)) return 'visitNotDeletable';
  if (via === 'delCurrentVisit' && (f.kind !== 'repeating' || f.cycnum <= 1 || !f.lastCycle))
    return 'visitNotDeletable';
  if (f.records > 0 || f.marks > 0) return 'visitHasData';
  return null;
}

/** What the session may do to a visit. */
export function visitActions(
  granted: ReadonlySet<string>,
  subjectStatus: string,
  f: VisitFacts,
): VisitAction[] {
  const actions: VisitAction[] = [];
  const adding = granted.has(VISIT_PERMISSION.add) && ADDING_STATES.has(subjectStatus);
  if (adding && f.kind === 'repeating' && f.lastCycle) actions.push('addNextVisit');
  if (granted.has(VISIT_PERMISSION.delete)) {
    if (visitDeleteRefusal(f, 'deleteVisit') === null) actions.push('deleteVisit');
    if (visitDeleteRefusal(f, 'delCurrentVisit') === null) actions.push('delCurrentVisit');
  }
  if (adding && f.addableForms > 0 && f.ownMark === null) actions.push('addForm');
  actions.push(...markActions(granted, { own: f.ownMark, visit: null, entered: f.enteredForms }));
  return actions;
}

export interface PageFacts {
  optional: boolean;
  records: number;
  ownMark: CasebookMarkKind | null;
  visitMark: CasebookMarkKind | null;
}

/** Why an added form may not be removed from its visit, or null. */
export function formRemoveRefusal(f: PageFacts): ServerMessageId | null {
  if (!f.optional) return 'formNotRemovable';
  if (f.records > 0 || f.ownMark !== null) return 'formNotRemovable';
  return null;
}

/** What the session may do to a page. */
export function pageActions(granted: ReadonlySet<string>, f: PageFacts): PageAction[] {
  const actions: PageAction[] = [];
  if (granted.has(VISIT_PERMISSION.delete) && formRemoveRefusal(f) === null) actions.push('removeForm');
  actions.push(
    ...markActions(granted, { own: f.ownMark, visit: f.visitMark, entered: f.records > 0 ? 1 : 0 }),
  );
  return actions;
}
