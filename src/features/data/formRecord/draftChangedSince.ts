/**
 * Whether a draft offered back was typed against an older state of the record than the one now saved: its
 * `rowversion` is older than the record's, or it was typed for a record not saved yet that has been saved since.
 */
import type { RecordInfo } from '../../../../engine/api/data';
import type { Draft } from '../../../../engine/drafts';
import type { DraftRecordChange } from '../../../../renderers/ecrf/DraftOfferDialog';

/** Who changed the record, and when, after the draft's values were typed; null when the draft is not behind. */
export function draftChangedSince(
  draft: Pick<Draft, 'rowversion'>,
  record: RecordInfo | null,
): DraftRecordChange | null {
  if (!record) return null;
  const behind = draft.rowversion === null || draft.rowversion < record.rowversion;
  return behind ? { updatedby: record.updatedby, updatedat: record.updatedat } : null;
}
