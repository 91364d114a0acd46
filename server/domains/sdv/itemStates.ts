/** An item's SDV state as datainfo carries it (engine/api/sdv.ts SdvItemFields), from its plan row. */
import type { SdvItemFields } from '../../../engine/api/sdv';
import type { PlanItemRow } from './repository';

const iso = (d: Date | string) => new Date(d).toISOString();

/** A PlanItemRow as the combined item-state read answers it (json: its times as ISO text). */
export type PlanItemJson = Omit<PlanItemRow, 'verifiedAt' | 'resetAt'> & {
  verifiedAt: string | null;
  resetAt: string | null;
};

export function sdvFieldsOf(row: PlanItemRow | PlanItemJson): SdvItemFields {
  if (row.status === 'verified') {
    return { sdv: 'verified', sdvBy: row.verifiedBy ?? '', sdvAt: iso(row.verifiedAt!) };
  }
  if (row.status === 'reset') {
    return {
      sdv: 'reset',
      sdvBy: row.verifiedBy ?? '',
      sdvAt: iso(row.verifiedAt!),
      sdvReset: { by: row.resetBy ?? '', at: iso(row.resetAt!), from: row.resetOld, to: row.resetNew },
    };
  }
  return { sdv: row.required ? 'required' : 'notRequired' };
}
