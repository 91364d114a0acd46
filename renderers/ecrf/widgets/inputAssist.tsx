/**
 * Input assistance of text items with `inputAssist: true` (e.g. AETERM, CMTRT): while the user types, earlier values
 * of that item in the study (`dataInputAsst`, by prefix) are offered in a native `<datalist>`. Debounced, cached per
 * (variable, q) for the page, silent on failure, only in an editable form; typing never waits for it.
 *
 * The form's table id comes from an InputAssistProvider around the form (EcrfForm, or the page rendering it); without
 * one, or without a request client (stories, tests), the inputs are plain.
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { dataInputAsst } from '../../../engine/api/data';
import type { Locale } from '../../../engine/api/localized';
import type { CompiledItem } from '../../../engine/form/types';
import type { MetaText } from '../../../engine/metadata/types';
import { metaText } from '../../../engine/metadata/metaText';
import type { Timers } from '../../../engine/ports';
import { createDebounce } from '../../../engine/timing/debounce';
import { ApiClientContext } from '../../apiClientContext';
import { browserTimers } from '../../search/browserTimers';

/** Pause in typing before suggestions are asked for. */
export const INPUT_ASSIST_DEBOUNCE_MS = 250;
/** Longest text the endpoint takes as `q`; longer texts ask for nothing. */
export const INPUT_ASSIST_MAX_QUERY = 100;

export interface InputSuggestion {
  value: string;
  label: MetaText;
}

export interface InputAssistScope {
  /** Table id of the form (form.tid). */
  tid: string;
  timers: Timers;
  /** Answers already received on this page, by variable and q. */
  cache: Map<string, readonly InputSuggestion[]>;
}

const InputAssistContext = createContext<InputAssistScope | null>(null);

/** Gives the text widgets inside the table id they ask suggestions for (one cache per provider: per page). */
export function InputAssistProvider({
  tid,
  timers = browserTimers,
  children,
}: {
  tid: string;
  timers?: Timers;
  children?: ReactNode;
}) {
  const [cache] = useState(() => new Map<string, readonly InputSuggestion[]>());
  const scope = useMemo(() => ({ tid, timers, cache }), [tid, timers, cache]);
  return <InputAssistContext.Provider value={scope}>{children}</InputAssistContext.Provider>;
}

const cacheKey = (variable: string, q: string) => `${variable}\u0000${q}`;

export interface InputAssist {
  /** id of the datalist (the input's `list`), or undefined when the item gets no suggestions. */
  listId: string | undefined;
  /** Tell about typed text (call after handing the value to the form). */
  typed(text: string): void;
  suggestions: readonly InputSuggestion[];
}

const NONE: readonly InputSuggestion[] = [];
const IDLE: InputAssist = { listId: undefined, typed: () => {}, suggestions: NONE };

/** Suggestions for one text input: active only for inputAssist items in an editable form with a client and a scope. */
export function useInputAssist(item: CompiledItem, inputId: string, editable: boolean): InputAssist {
  const client = useContext(ApiClientContext);
  const scope = useContext(InputAssistContext);
  const active = item.inputAssist && editable && client !== null && scope !== null;
  const [suggestions, setSuggestions] = useState<readonly InputSuggestion[]>(NONE);
  const wanted = useRef<string | null>(null);
  const live = useRef({ client, scope, variable: item.variable });
  useEffect(() => {
    live.current = { client, scope, variable: item.variable };
  });

  const [debounced] = useState(() =>
    createDebounce((scope ?? { timers: browserTimers }).timers, INPUT_ASSIST_DEBOUNCE_MS, (q: string) => {
      const { client: c, scope: s, variable } = live.current;
      if (c === null || s === null) return;
      const key = cacheKey(variable, q);
      const known = s.cache.get(key);
      if (known !== undefined) {
        if (wanted.current === q) setSuggestions(known);
        return;
      }
      c.call(dataInputAsst, { tid: s.tid, variable, q }, { silent: true }).then(
        (found) => {
          s.cache.set(key, found);
          if (wanted.current === q) setSuggestions(found);
        },
        () => {
          // silent: no suggestions this time, asked again when typed again
        },
      );
    }),
  );
  useEffect(() => () => debounced.cancel(), [debounced]);

  const typed = useMemo(
    () => (text: string) => {
      const q = text.trim();
      wanted.current = q;
      if (q === '' || q.length > INPUT_ASSIST_MAX_QUERY) {
        debounced.cancel();
        setSuggestions(NONE);
        return;
      }
      debounced.call(q);
    },
    [debounced],
  );

  if (!active) return IDLE;
  return { listId: `${inputId}-suggestions`, typed, suggestions };
}

/** The datalist of an input's suggestions (label shown when it says more than the value). */
export function SuggestionList({
  id,
  suggestions,
  locale,
}: {
  id: string;
  suggestions: readonly InputSuggestion[];
  locale: Locale;
}) {
  return (
    <datalist id={id} data-testid={id}>
      {suggestions.map((s) => {
        const label = metaText(s.label, locale);
        return <option key={s.value} value={s.value} label={label !== s.value ? label : undefined} />;
      })}
    </datalist>
  );
}
