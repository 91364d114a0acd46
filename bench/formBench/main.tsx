/**
 * The form benchmark page (production build, driven by bench/formBench.ts in headless Chromium). It mounts the real
 * EcrfForm inside the app's providers with the generated 500- and 1,000-item forms and measures in the page itself.
 */
import { createRef, useLayoutEffect, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  compileForm,
  defaultValues,
  validateForm,
  type CompiledForm,
  type FormContext,
  type FormValue,
  type FormValues,
} from '../../engine/form';
import { generateBigForm } from '../../fixtures/forms/generateBigForm';
import { EcrfForm, type EcrfFormController } from '../../renderers/ecrf';
import { createFakeApiClient } from '../../renderers/testing/fakeApiClient';
import { AppProviders } from '../../src/AppProviders';
import { ALL_MESSAGES } from '../../src/i18n/allMessages';
import { createTestPlatform } from '../../src/testing/testPlatform';
import { plausibleValues } from '../support/formValues';
import { framePainted, frameTimes, renderedWhen } from '../support/paint';

export interface MountTiming {
  /** compileForm of the raw schema (the page compiles once per schema version). */
  compile: number;
  /** defaultValues / plausible values of the form (what the page hands to the form). */
  values: number;
  /** render() → React's first commit (the synchronous work of the first render included). */
  firstCommit: number;
  /** render() → the frame showing the first items (their inputs usable) produced. */
  firstScreen: number;
  /** render() → every item mounted (interactive) and the frame showing that produced. */
  allItems: number;
}

/**
 * "Painted" = the frame is produced: a task queued from its animation frame callback runs after the frame's style,
 * layout, pre-paint, paint and layerize (support/paint.ts framePainted), which is where a large page costs.
 */
export interface KeystrokeSample {
  /** keydown (its event time) → the end of the synchronous work of the input event (React's render included). */
  handled: number;
  /** keydown (its event time) → the next frame, showing the typed character, produced. */
  nextFrame: number;
  /** That frame's own work: its start (animation frame) → produced (style, layout, paint … of the page). */
  frame: number;
}

export interface FormBenchApi {
  /** Mounts the form empty, with plausible values, or with a bad value in every number and date item. */
  mount(items: number, values: 'empty' | 'filled' | 'invalid'): Promise<MountTiming>;
  /** Focuses a text-like input in the middle of the mounted form (then waits two frames); its variable. */
  focusMiddle(): Promise<string>;
  /** Waits until nothing more happens on the page (progressive mounting done, timers of the mount run). */
  settle(): Promise<void>;
  /** Samples recorded since the last call (the driver types with the real keyboard). */
  takeKeystrokes(): KeystrokeSample[];
  /**
   * controller.validateAll() (engine validation + every problem shown at its field), starting with no problem
   * shown: the call itself, and until the frame showing the problems is produced; and validateForm alone.
   */
  validateAll(): Promise<{ sync: number; nextFrame: number; engine: number; problems: number }>;
  unmount(): void;
}

declare global {
  interface Window {
    formBench?: FormBenchApi;
  }
}

const CTX: FormContext = { textLimit: 2000, numUnknownAllowed: false, today: '2026-11-21' };
const CATALOGUES = { zh_CN: ALL_MESSAGES.zh_CN };
const compiled = new Map<number, CompiledForm>();

function Providers({ children }: { children: ReactNode }) {
  const [platform] = useState(() => createTestPlatform());
  const [client] = useState(() => createFakeApiClient({ codeList: () => [] }));
  return (
    <AppProviders platform={platform} client={client} catalogues={CATALOGUES}>
      {children}
    </AppProviders>
  );
}

/** Tells when React committed the tree it is in (its layout effect runs in that commit). */
function CommitProbe({ onCommit }: { onCommit(): void }) {
  useLayoutEffect(() => onCommit());
  return null;
}

const BAD: Readonly<Record<string, string>> = { integer: '12a', decimal: '1.2.3', date: '2026-02-30' };

/** Plausible values, and a bad value in every number and date item. */
function badValues(form: CompiledForm): FormValues {
  const values: Record<string, FormValue> = { ...plausibleValues(form, CTX) };
  for (const item of form.items.values()) {
    const bad = BAD[item.fieldtype];
    if (bad) values[item.variable] = bad;
  }
  return values;
}

const host = document.getElementById('bench-root') as HTMLElement;
let root: Root | null = null;
let current: { form: CompiledForm; controller: React.RefObject<EcrfFormController | null> } | null = null;
let samples: KeystrokeSample[] = [];

function unmount() {
  root?.unmount();
  root = null;
  current = null;
}

const rowCount = () => host.querySelectorAll('[data-variable]').length;
/** The form says so once its last chunk of items is mounted (hidden items render no row). */
const allMounted = () =>
  host.querySelector('[data-testid="ecrf-form"]')?.getAttribute('data-mounted') === 'all';
const TEXT_LIKE = new Set(['text', 'integer', 'decimal', 'textarea']);

// keystroke timing: keydown's event time → input handled (a listener on window, after React's) → next frame produced
let keydownAt = 0;
document.addEventListener(
  'keydown',
  (event) => {
    keydownAt = event.timeStamp;
  },
  true,
);
window.addEventListener('input', () => {
  if (!keydownAt) return;
  const start = keydownAt;
  keydownAt = 0;
  // React flushes the change of a discrete event synchronously; a microtask runs after it
  queueMicrotask(() => {
    const handled = performance.now() - start;
    void frameTimes().then((t) =>
      samples.push({ handled, nextFrame: t.produced - start, frame: t.produced - t.start }),
    );
  });
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

window.formBench = {
  async mount(items, mode) {
    unmount();
    await framePainted();
    let form = compiled.get(items);
    const c0 = performance.now();
    if (!form) {
      const result = compileForm(generateBigForm(items));
      if (!result.ok) throw new Error(`BIG${items} does not compile`);
      form = result.form;
      compiled.set(items, form);
    }
    const compile = performance.now() - c0;
    const v0 = performance.now();
    const values: FormValues =
      mode === 'empty'
        ? defaultValues(form)
        : mode === 'filled'
          ? plausibleValues(form, CTX)
          : badValues(form);
    const valuesTime = performance.now() - v0;
    const controller = createRef<EcrfFormController>();
    current = { form, controller };
    let committed = 0;
    const onCommit = () => {
      if (!committed) committed = performance.now();
    };
    const t0 = performance.now();
    root = createRoot(host);
    root.render(
      <Providers>
        <EcrfForm form={form} ctx={CTX} values={values} controllerRef={controller} />
        <CommitProbe onCommit={onCommit} />
      </Providers>,
    );
    const firstScreen = (await renderedWhen(() => rowCount() > 0 && controller.current !== null)) - t0;
    const allItems = (await renderedWhen(() => allMounted())) - t0;
    return { compile, values: valuesTime, firstCommit: committed - t0, firstScreen, allItems };
  },
  async settle() {
    await sleep(300);
    await framePainted();
    await framePainted();
  },
  async focusMiddle() {
    if (!current) throw new Error('nothing mounted');
    const items = [...current.form.items.values()];
    const middle = items
      .slice(Math.floor(items.length / 2))
      .find((item) => TEXT_LIKE.has(item.fieldtype) && !item.readonly);
    if (!middle) throw new Error('no text input in the second half');
    const input = host.querySelector<HTMLInputElement>(
      `[data-variable="${middle.variable}"] input, [data-variable="${middle.variable}"] textarea`,
    );
    if (!input) throw new Error(`no input for ${middle.variable}`);
    input.scrollIntoView({ block: 'center' });
    input.focus();
    await framePainted();
    await framePainted();
    samples = [];
    return middle.variable;
  },
  takeKeystrokes() {
    const taken = samples;
    samples = [];
    return taken;
  },
  async validateAll() {
    if (!current?.controller.current) throw new Error('nothing mounted');
    const { form, controller } = current;
    // start from no problem shown (a second validateAll showing the same problems would paint nothing)
    controller.current!.showProblems({});
    await framePainted();
    await framePainted();
    const values = controller.current!.getValues();
    const e0 = performance.now();
    validateForm(form, values, CTX);
    const engine = performance.now() - e0;
    const t0 = performance.now();
    const found = controller.current!.validateAll();
    const sync = performance.now() - t0;
    const nextFrame = (await framePainted()) - t0;
    return { sync, nextFrame, engine, problems: Object.keys(found).length };
  },
  unmount,
};
