/**
 * The password field (spec §5): Chinese characters are stripped as typed or pasted; pasting works only at the end
 * (or over the whole value) and deleting only from the end (or the whole value); a refused edit leaves the value
 * and says why under the field. The rules are engine/input/passwordInput; this wires them to an MUI input.
 * The MD5 of the value is offered through `onHash` (not sent anywhere by this field).
 */
import {
  useId,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from '../intl';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import {
  changeEdit,
  deleteEdit,
  hashOf,
  pasteEdit,
  PASSWORD_MSG,
  type PasswordEdit,
  type PasswordMessageId,
  type TextSelection,
} from '../../engine/input/passwordInput';

/** The refusals' texts (literal ids, so that the catalogue check sees them). */
const REFUSALS = defineMessages({
  [PASSWORD_MSG.deleteBeforePaste]: { id: 'common.password.deleteBeforePaste' },
  [PASSWORD_MSG.noMiddlePaste]: { id: 'common.password.noMiddlePaste' },
  [PASSWORD_MSG.noMiddleDelete]: { id: 'common.password.noMiddleDelete' },
}) satisfies Record<PasswordMessageId, MessageDescriptor>;

export interface PasswordInputProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  /** Told the MD5 (32 hex digits) of each new value. */
  onHash?(hash: string): void;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  /** Shown under the field in the error colour (a refused edit's message shows instead while it is new). */
  error?: string | null;
}

function selectionOf(input: HTMLInputElement): TextSelection {
  const end = input.value.length;
  return { start: input.selectionStart ?? end, end: input.selectionEnd ?? end };
}

export function PasswordInput({
  label,
  name,
  value,
  onChange,
  onHash,
  autoComplete = 'current-password',
  autoFocus,
  required,
  error,
}: PasswordInputProps) {
  const intl = useIntl();
  const id = useId();
  const helperId = `${id}-helper`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<PasswordMessageId | null>(null);
  // where the caret goes after an accepted edit (the value may differ from what the browser had: Chinese stripped)
  const caret = useRef<number | null>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  useLayoutEffect(() => {
    const input = inputRef.current;
    const at = caret.current;
    caret.current = null;
    if (input === null || at === null || input.ownerDocument.activeElement !== input) return;
    const position = Math.min(at, input.value.length);
    input.setSelectionRange(position, position);
  });

  function apply(edit: PasswordEdit): void {
    if (!edit.ok) {
      setRefusal(edit.messageId);
      return;
    }
    setRefusal(null);
    caret.current = edit.caret;
    if (edit.value !== value) {
      onChange(edit.value);
      onHash?.(hashOf(edit.value));
    } else rerender();
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if ((event.key !== 'Backspace' && event.key !== 'Delete') || event.nativeEvent.isComposing) return;
    const edit = deleteEdit(value, selectionOf(event.currentTarget), event.key);
    // an allowed deletion is left to the browser (word and line deletions included) and checked again on change
    if (!edit.ok) {
      event.preventDefault();
      setRefusal(edit.messageId);
    }
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const input = inputRef.current;
    const selection = input === null ? { start: value.length, end: value.length } : selectionOf(input);
    apply(pasteEdit(value, selection, event.clipboardData.getData('text/plain')));
  }

  const message = refusal === null ? null : intl.formatMessage(REFUSALS[refusal]);
  return (
    <FormControl fullWidth variant="outlined" required={required} error={!!error && message === null}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type="password"
        label={label}
        value={value}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        inputRef={inputRef}
        onKeyDown={keyDown}
        onChange={(event) => {
          const input = event.target as HTMLInputElement;
          apply(changeEdit(value, input.value, input.selectionStart ?? input.value.length));
        }}
        // on the <input> itself (InputBase would put an unknown handler on its root)
        slotProps={{ input: { 'aria-describedby': helperId, onPaste: paste } }}
      />
      <FormHelperText
        id={helperId}
        aria-live="polite"
        data-level={message !== null ? 'warning' : undefined}
        sx={message !== null ? { color: 'warning.dark' } : undefined}
      >
        {message ?? (error || ' ')}
      </FormHelperText>
    </FormControl>
  );
}
