import type { FormProblems, FormValues } from '../../engine/form/types';

/** What the page does with a mounted EcrfForm (through `controllerRef`). */
export interface EcrfFormController {
  /** The values now (calculated items computed), as FormValues. */
  getValues(): FormValues;
  /** Validates the whole form with the engine (validateForm), shows every problem at its field, answers them. */
  validateAll(): FormProblems;
  /** Shows these problems (e.g. the server's) at the fields, replacing the ones shown. */
  showProblems(problems: FormProblems): void;
  /** New values (after a save, a restored draft): the baseline for isDirty; problems cleared. */
  reset(values: FormValues): void;
  /**
   * The values just saved while the inputs hold newer ones (typed during the save): the baseline for isDirty moves to
   * `values`, the inputs and the problems shown stay as they are.
   */
  rebase(values: FormValues): void;
  /** Some value differs from the baseline (normalised comparison: '' = null, lists in any order). */
  isDirty(): boolean;
  /** The problems shown at the fields now (live validation, a save's answer), by variable. */
  shownProblems(): FormProblems;
  /** Focuses the first field (document order) with an error, else with a warning; false when none is shown. */
  focusFirstProblem(): boolean;
  /**
   * Hands the last change still waiting (onChange is debounced) to `onChange` now: a save started within the
   * debounce then finds every change handed over before it, none arriving after its answer.
   */
  flushChanges(): void;
}
