/**
 * The per-field state of a mounted eCRF form outside React: each item's value, whether it is hidden or required now
 * and the problems shown at it. Fields subscribe to their own variable only (useSyncExternalStore), so a keystroke
 * re-renders the field typed in and the fields whose state it actually changed — never the whole form, and nothing
 * per keystroke or per mounted row costs in proportion to the form's size.
 */
import type {
  CompiledForm,
  FieldProblem,
  FormProblems,
  FormState,
  FormValue,
  FormValues,
} from '../../engine/form/types';

export interface FieldSnapshot {
  hidden: boolean;
  required: boolean;
  problems: readonly FieldProblem[];
}

export interface FormRuntime {
  /** Told when the value, flags or problems of `variable` change. */
  subscribe(variable: string, listener: () => void): () => void;
  /**
   * A number that changes whenever the value, flags or problems of `variable` change (what a row subscribes to: one
   * subscription for its value and its state).
   */
  version(variable: string): number;
  /** The value of one item now (null when it has none). */
  value(variable: string): FormValue;
  /** Every value now, the runtime's own object (read it, do not keep it: it changes as the user types). */
  liveValues(): FormValues;
  /** A copy of every value now. */
  values(): FormValues;
  /** Sets one value; tells its field when it is another one. */
  setValue(variable: string, value: FormValue): void;
  /** Replaces every value (a reset); tells the fields whose value is another one. */
  resetValues(values: FormValues): void;
  snapshot(variable: string): FieldSnapshot;
  /** Takes hidden/required from a new evaluation; tells only the fields whose flags changed. */
  applyState(state: FormState): void;
  /** Applies hidden/required of these variables only (a state from evaluateFormStateOf). */
  applyStateOf(variables: readonly string[], state: FormState): void;
  /** Replaces the problems of these variables (absent from `problems`: none). */
  setProblems(variables: readonly string[], problems: FormProblems): void;
  /** Replaces every variable's problems. */
  replaceProblems(problems: FormProblems): void;
  /** The problems shown now, by variable. */
  problems(): FormProblems;
}

const NO_PROBLEMS: readonly FieldProblem[] = [];
const HIDDEN_NOT_REQUIRED: FieldSnapshot = { hidden: true, required: false, problems: NO_PROBLEMS };

function sameProblems(a: readonly FieldProblem[], b: readonly FieldProblem[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

export function createFormRuntime(
  form: CompiledForm,
  state: FormState,
  problems: FormProblems = {},
  initialValues: FormValues = {},
): FormRuntime {
  const snapshots = new Map<string, FieldSnapshot>();
  const listeners = new Map<string, Set<() => void>>();
  let values: Record<string, FormValue> = { ...initialValues };

  for (const variable of form.items.keys()) {
    snapshots.set(variable, {
      hidden: state.hidden.has(variable),
      required: state.required.has(variable),
      problems: problems[variable] ?? NO_PROBLEMS,
    });
  }

  const versions = new Map<string, number>();
  let clock = 0;
  const notify = (variable: string) => {
    versions.set(variable, ++clock);
    listeners.get(variable)?.forEach((listener) => listener());
  };

  const update = (variable: string, next: FieldSnapshot) => {
    snapshots.set(variable, next);
    notify(variable);
  };

  const setOne = (variable: string, list: readonly FieldProblem[]) => {
    const current = snapshots.get(variable);
    if (!current || sameProblems(current.problems, list)) return;
    update(variable, { ...current, problems: list.length === 0 ? NO_PROBLEMS : list });
  };

  function applyOne(variable: string, current: FieldSnapshot, next: FormState) {
    const hidden = next.hidden.has(variable);
    const required = next.required.has(variable);
    if (hidden !== current.hidden || required !== current.required) {
      update(variable, { ...current, hidden, required });
    }
  }
  return {
    subscribe(variable, listener) {
      let set = listeners.get(variable);
      if (!set) {
        set = new Set();
        listeners.set(variable, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    snapshot: (variable) => snapshots.get(variable) ?? HIDDEN_NOT_REQUIRED,
    version: (variable) => versions.get(variable) ?? 0,
    value: (variable) => values[variable] ?? null,
    liveValues: () => values,
    values: () => ({ ...values }),
    setValue(variable, value) {
      if (values[variable] === value) return;
      values[variable] = value;
      notify(variable);
    },
    resetValues(next) {
      const before = values;
      values = { ...next };
      for (const variable of new Set([...Object.keys(before), ...Object.keys(values)])) {
        if (before[variable] !== values[variable]) notify(variable);
      }
    },
    applyState(next) {
      for (const [variable, current] of snapshots) applyOne(variable, current, next);
    },
    applyStateOf(variables, next) {
      for (const variable of variables) {
        const current = snapshots.get(variable);
        if (current) applyOne(variable, current, next);
      }
    },
    setProblems(variables, found) {
      for (const variable of variables) setOne(variable, found[variable] ?? NO_PROBLEMS);
    },
    replaceProblems(found) {
      for (const variable of snapshots.keys()) setOne(variable, found[variable] ?? NO_PROBLEMS);
    },
    problems() {
      const out: Record<string, readonly FieldProblem[]> = {};
      for (const [variable, snap] of snapshots) if (snap.problems.length > 0) out[variable] = snap.problems;
      return out;
    },
  };
}
