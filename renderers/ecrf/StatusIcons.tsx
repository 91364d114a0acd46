/**
 * The status icons of a field row: data type (entered, or imported/derived), note state, and the places queries,
 * source data verification and signatures will take (disabled until those features come). Their texts are
 * translated once per form (statusLabels), not per row.
 */
import { memo } from 'react';
import type { IntlShape } from 'react-intl';
import type { ItemStatus } from '../../engine/api/data';
import { iconClass, type IconName } from './icons';

export interface StatusLabels {
  entered: string;
  derived: string;
  noteAdd: string;
  noteList: string;
  noteReview: string;
  queryLater: string;
  sdvLater: string;
  signatureLater: string;
}

export function statusLabels(intl: IntlShape): StatusLabels {
  return {
    entered: intl.formatMessage({ id: 'ecrf.status.entered' }),
    derived: intl.formatMessage({ id: 'ecrf.status.derived' }),
    noteAdd: intl.formatMessage({ id: 'ecrf.status.noteAdd' }),
    noteList: intl.formatMessage({ id: 'ecrf.status.noteList' }),
    noteReview: intl.formatMessage({ id: 'ecrf.status.noteReview' }),
    queryLater: intl.formatMessage({ id: 'ecrf.status.queryLater' }),
    sdvLater: intl.formatMessage({ id: 'ecrf.status.sdvLater' }),
    signatureLater: intl.formatMessage({ id: 'ecrf.status.signatureLater' }),
  };
}

function StatusIcon({ name, label, disabled }: { name: IconName; label: string; disabled?: boolean }) {
  return (
    <span
      className={disabled ? `${iconClass(name)} ecrf-status-disabled` : iconClass(name)}
      role="img"
      aria-label={label}
      aria-disabled={disabled || undefined}
      title={label}
    />
  );
}

const NOTE_ICONS = { 1: 'noteList', 2: 'noteReview' } as const;

export const StatusIcons = memo(function StatusIcons({
  status,
  labels,
}: {
  status: ItemStatus | undefined;
  labels: StatusLabels;
}) {
  const note: 'noteAdd' | 'noteList' | 'noteReview' =
    status?.note === 1 || status?.note === 2 ? NOTE_ICONS[status.note] : 'noteAdd';
  return (
    <span className="ecrf-icons">
      {status !== undefined &&
        (status.datatype < 0 ? (
          <StatusIcon name="derived" label={labels.derived} />
        ) : (
          <StatusIcon name="entered" label={labels.entered} />
        ))}
      <StatusIcon name={note} label={labels[note]} />
      <StatusIcon name="query" label={labels.queryLater} disabled />
      <StatusIcon name="sdv" label={labels.sdvLater} disabled />
      <StatusIcon name="signature" label={labels.signatureLater} disabled />
    </span>
  );
});
