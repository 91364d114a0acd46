/**
 * The state every upload screen shares (study import, query import, subjects' batch upload, dictionary import): the
 * chosen file (one, within the endpoint's size limit: engine/upload/chooseFile), whether a request is under way, and
 * the refusal to show — the server's translated message, else the screen's fallback. Choosing again clears the
 * refusal; a refused request keeps the chosen file so that nothing has to be picked again.
 */
import { useCallback, useRef, useState, type RefObject } from 'react';
import { useIntl } from '../intl';
import { chooseFile } from '../../engine/upload/chooseFile';
import { RequestError } from '../../engine/http/requestError';

export interface Upload {
  readonly file: File | null;
  readonly busy: boolean;
  readonly refusal: string | null;
  /** The hidden file input (cleared with the file, so that the same file can be picked again). */
  readonly inputRef: RefObject<HTMLInputElement | null>;
  /** What the picker handed over: one file within the limit, else the refusal. */
  choose(files: FileList | null): void;
  /** Runs a request: busy while it runs, its refusal shown (the server's message, else `fallbackId`'s). */
  run<T>(request: () => Promise<T>, fallbackId: string, done: (value: T) => void): Promise<void>;
  /** Forgets the chosen file (after it was sent) and empties the input. */
  clearFile(): void;
  /** Shows a refusal the screen decided itself (or none). */
  refuse(message: string | null): void;
}

export function useUpload(maxBytes: number): Upload {
  const intl = useIntl();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const choose = useCallback(
    (files: FileList | null) => {
      const choice = chooseFile(files, maxBytes);
      setFile(choice.kind === 'file' ? choice.file : null);
      setRefusal(
        choice.kind === 'refused' ? intl.formatMessage({ id: choice.messageId }, choice.values) : null,
      );
    },
    [intl, maxBytes],
  );

  const run = useCallback(
    async <T>(request: () => Promise<T>, fallbackId: string, done: (value: T) => void) => {
      setBusy(true);
      setRefusal(null);
      try {
        done(await request());
      } catch (err) {
        setRefusal(err instanceof RequestError && err.msg ? err.msg : intl.formatMessage({ id: fallbackId }));
      } finally {
        setBusy(false);
      }
    },
    [intl],
  );

  const clearFile = useCallback(() => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  }, []);

  return { file, busy, refusal, inputRef, choose, run, clearFile, refuse: setRefusal };
}
