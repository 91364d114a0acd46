/**
 * The warning an input with a maximum length shows once its text reaches it (spec §5: "a warning shows at the
 * limit"), and the session's text limit for inputs that have none of their own (login info `strLength`, §3).
 */
import { createContext, useContext } from 'react';
import { useIntl } from '../intl';
import { isAtLimit, SHORT_TEXT_LIMIT } from '../../engine/input/textLimit';

/**
 * The session's text limit (engine/input/textLimit `textLimitOf(strLength)`): 100 unless a provider says 2000.
 * EcrfForm provides its FormContext's `textLimit`.
 */
export const TextLimitContext = createContext<number>(SHORT_TEXT_LIMIT);

export function useTextLimit(): number {
  return useContext(TextLimitContext);
}

/** The warning's text while `text` is at (or past) `max`; null below it or without a maximum. */
export function useLimitHintText(text: string, max: number | null | undefined): string | null {
  const intl = useIntl();
  if (max === null || max === undefined || !isAtLimit(text, max)) return null;
  return intl.formatMessage({ id: 'common.input.maxLengthReached' }, { max });
}

export interface LimitHintProps {
  /** Put it in the input's aria-describedby while it shows (`limitHintShown`). */
  id?: string;
  text: string;
  max: number | null | undefined;
  className?: string;
}

/** True while the hint of `text` against `max` shows. */
export function limitHintShown(text: string, max: number | null | undefined): boolean {
  return max !== null && max !== undefined && isAtLimit(text, max);
}

/** "Maximum length reached: N characters", once the text reaches `max`; nothing below it. */
export function LimitHint({ id, text, max, className }: LimitHintProps) {
  const message = useLimitHintText(text, max);
  if (message === null) return null;
  return (
    <span id={id} className={className} role="status" data-testid="limit-hint">
      {message}
    </span>
  );
}
