import Box from '@mui/material/Box';
import { useIntl } from '../../intl';
import type { DateRangeValue, SearchValue } from '../../../engine/metadata/types';
import { firstProblem, problemText } from './problemText';
import { ReadonlyDatePicker } from './ReadonlyDatePicker';
import type { SearchWidgetProps } from './types';

function asRange(value: SearchValue): DateRangeValue {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as DateRangeValue;
  return { start: null, end: null };
}

/**
 * A start–end pair of dates. Problems of the range (the end before the start) are shown under the end picker,
 * which also refuses days before the start.
 */
export function DateRangeWidget({
  field,
  behaviour,
  label,
  value,
  onChange,
  problems,
  id,
}: SearchWidgetProps) {
  const intl = useIntl();
  const range = asRange(value);
  const problem = firstProblem(problems);

  function change(next: DateRangeValue) {
    onChange(next.start === null && next.end === null ? behaviour.empty(field) : next);
  }

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }} role="group" aria-label={label}>
      <ReadonlyDatePicker
        id={`${id}-start`}
        name={`${field.prop}Start`}
        label={intl.formatMessage({ id: 'search.rangeStart' }, { label })}
        value={range.start}
        onChange={(start) => change({ ...range, start })}
      />
      <ReadonlyDatePicker
        id={`${id}-end`}
        name={`${field.prop}End`}
        label={intl.formatMessage({ id: 'search.rangeEnd' }, { label })}
        value={range.end}
        minDate={range.start}
        onChange={(end) => change({ ...range, end })}
        error={problem?.level === 'error'}
        helperText={problem ? problemText(intl, problem) : null}
      />
    </Box>
  );
}
