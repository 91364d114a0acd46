/** The audit trail action's dialog: reads the record's audit trail (auditTrail) and shows it, with a retry. */
import { auditTrail, type AuditTrailRow } from '../../engine/api/data';
import { useEndpoint } from '../async/useEndpoint';
import { AuditTrailDialog } from '../ecrf/AuditTrailDialog';
import type { ActionDialogProps } from './recordActions';

export function AuditTrailActionDialog({ ctx, onClose }: ActionDialogProps) {
  const recordid = ctx.record?.recordid;
  const read = useEndpoint(auditTrail, recordid === undefined ? null : { recordid });
  return (
    <AuditTrailDialog
      open
      rows={read.status === 'ready' ? (read.data as readonly AuditTrailRow[]) : null}
      failed={read.status === 'failed' || read.status === 'refused'}
      onRetry={read.retry}
      onClose={onClose}
      userTimeZone={ctx.userTimeZone}
      form={ctx.form}
    />
  );
}
