import { useEffect, useMemo, useState } from 'react';
import { checkSubject, type AddSite } from '../../../../engine/api/subjects';
import type { Timers } from '../../../../engine/ports';
import {
  compileSubjectIdPattern,
  subjectIdPatternProblem,
} from '../../../../engine/subjects/subjectIdPattern';
import { SEARCH_DEBOUNCE } from '../../../../engine/timing/debounce';
import { useApiClient } from '../../../../renderers/apiClientContext';
import { browserTimers } from '../../../../renderers/search/browserTimers';
import { RequestError } from '../../../../engine/http/requestError';

/**
 * The state of a subject number as typed:
 * - `empty`; `pattern` (checked at once in the browser with the study's pattern, and again by the server);
 * - `checking` while the server is asked (checkSubject.do, debounced by the select-search delay of spec §9: 300 ms
 *   after the last keystroke; an older answer never overwrites a newer number's);
 * - `ok`, `duplicate` (taken, or off the pattern by the server's check: with the server's message), or `failed` (no answer: the save will tell).
 */
export type SubjidCheckState =
  | { status: 'empty' }
  | { status: 'pattern'; pattern: string; example: string }
  | { status: 'checking' }
  | { status: 'ok' }
  | { status: 'duplicate'; message: string }
  | { status: 'failed' };

export function useSubjidCheck(
  site: AddSite | null,
  subjid: string,
  opts: { subjectid?: string; timers?: Timers } = {},
): SubjidCheckState {
  const client = useApiClient();
  const { subjectid, timers = browserTimers } = opts;
  const value = subjid.trim();
  // no usable pattern (none sent): the server checks it alone
  const compiled = useMemo(
    () =>
      site && subjectIdPatternProblem(site.pattern) === null
        ? compileSubjectIdPattern(site.pattern, { sitecode: site.sitecode, studycode: '' })
        : null,
    [site],
  );
  const local: SubjidCheckState | null = !value
    ? { status: 'empty' }
    : compiled && !compiled.matches(value)
      ? { status: 'pattern', pattern: compiled.pattern, example: compiled.format(1) }
      : null;
  const [answer, setAnswer] = useState<{ subjid: string; state: SubjidCheckState } | null>(null);
  const siteid = site?.siteid ?? null;

  useEffect(() => {
    if (local !== null || siteid === null) return;
    const controller = new AbortController();
    const handle = timers.setTimeout(() => {
      client
        .call(checkSubject, { siteid, subjid: value, subjectid }, { silent: true, signal: controller.signal })
        .then(
          (data) =>
            setAnswer({
              subjid: value,
              state:
                data.result === 'ok'
                  ? { status: 'ok' }
                  : { status: 'duplicate', message: data.message ?? '' },
            }),
          (err: unknown) => {
            if (err instanceof RequestError && err.aborted) return;
            setAnswer({ subjid: value, state: { status: 'failed' } });
          },
        );
    }, SEARCH_DEBOUNCE.selectMs);
    return () => {
      timers.clearTimeout(handle);
      controller.abort();
    };
    // `local` follows from value and compiled
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, siteid, value, subjectid, timers, local === null]);

  if (local) return local;
  return answer?.subjid === value ? answer.state : { status: 'checking' };
}
