/**
 * An application to freeze or unfreeze, as the record's freeze dialog builds it (pure, tested): the targets of the
 * chosen level — the page, the whole subject, or the selected items of the saved record — and what is missing before
 * anything is sent (nothing selected: "select items to freeze", spec §5; no reason; no approval role). The server
 * checks the same again and everything else (docs/freeze.md).
 */
import type { FreezeAction, FreezeLevel, FreezeTarget } from '../../../engine/api/freeze';
import type { RecordKeys } from '../../../renderers/actions/recordActions';

export interface FreezeApplication {
  action: FreezeAction;
  level: FreezeLevel;
  /** Item level: the selected items. */
  variables: readonly string[];
  approvalRole: string;
  reason: string;
}

/** The message id of what is missing, or null when the application may be sent. */
export function applicationProblem(a: FreezeApplication, recordid: string | null): string | null {
  if (a.level === 'item' && (recordid === null || a.variables.length === 0)) return 'freeze.selectItems';
  if (a.approvalRole === '') return 'freeze.approvalRoleRequired';
  if (a.reason.trim() === '') return 'freeze.reasonRequired';
  return null;
}

/** The targets of the application on the record at `keys` (item level: of the saved record `recordid`). */
export function applicationTargets(
  a: FreezeApplication,
  keys: RecordKeys,
  recordid: string | null,
): FreezeTarget[] {
  switch (a.level) {
    case 'subject':
      return [{ level: 'subject', subjectid: keys.subjectid }];
    case 'page':
      return [{ level: 'page', ...keys }];
    case 'item':
      return recordid === null
        ? []
        : a.variables.map((variable) => ({ level: 'item', subjectid: keys.subjectid, recordid, variable }));
  }
}
