/**
 * The per-field state of a mounted eCRF form outside React: whether each item is hidden or required now and the
 * problems shown at it. Fields subscribe to their own variable only (useSyncExternalStore), so a keystroke re-renders
 * the field typed in and the fields whose state it actually changed — never the whole form.
 */
import type { CompiledForm, FieldProblem, FormProblems, FormState } from '../../engine/form/types';

export interface FieldSnapshot {
  hidden: boolean;
  required: boolean;
  problems: readonly FieldProblem[];
}

export interface FormRuntime {
  subscribe(variable: string, listener: () => void): () => void;
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
): FormRuntime {
  const snapshots = new Map<string, FieldSnapshot>();
  const listeners = new Map<string, Set<() => void>>();

  for (const variable of form.items.keys()) {
    snapshots.set(variable, {
      hidden: state.hidden.has(variable),
      required: state.required.has(variable),
      problems: problems[variable] ?? NO_PROBLEMS,
    });
  }

  const notify = (variable: string) => listeners.get(variable)?.forEach((listener) => listener());

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
