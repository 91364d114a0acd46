import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useIntl } from '../intl';
import type { SearchBehaviour, ValueProblem } from '../../engine/fieldTypes/types';
import type { SearchFieldDef, SearchValue } from '../../engine/metadata/types';
import type { SearchWidget } from './widgets/types';

export interface SearchItemProps {
  field: SearchFieldDef;
  behaviour: SearchBehaviour;
  Widget: SearchWidget;
  label: string;
  value: SearchValue;
  problems: readonly ValueProblem[];
  wide: boolean;
  onChange(field: SearchFieldDef, value: SearchValue): void;
  onSubmit(): void;
  /** Present for custom items: the × that takes the item out of the bar. */
  onRemove?(field: SearchFieldDef): void;
}

/** One item of the search bar: its widget, and a × for items the user added. */
export function SearchItem({
  field,
  behaviour,
  Widget,
  label,
  value,
  problems,
  wide,
  onChange,
  onSubmit,
  onRemove,
}: SearchItemProps) {
  const intl = useIntl();
  return (
    <Box
      data-testid={`search-item-${field.prop}`}
      sx={{ position: 'relative', width: wide ? 440 : 220, maxWidth: '100%', pr: onRemove ? 3 : 0 }}
    >
      <Widget
        id={`search-${field.innerid}`}
        field={field}
        behaviour={behaviour}
        label={label}
        value={value}
        onChange={(next) => onChange(field, next)}
        onSubmit={onSubmit}
        problems={problems}
      />
      {onRemove && (
        <IconButton
          size="small"
          aria-label={intl.formatMessage({ id: 'search.removeItem' }, { label })}
          onClick={() => onRemove(field)}
          sx={{ position: 'absolute', top: 4, right: -4, fontSize: 16, lineHeight: 1 }}
        >
          ×
        </IconButton>
      )}
    </Box>
  );
}
