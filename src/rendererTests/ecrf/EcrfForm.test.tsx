import { act, createRef } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FormProblems, FormValues } from '../../../engine/form/types';
import { cmSchema, dmSchema, vsSchema } from '../../../fixtures/forms';
import type { EcrfFormController } from '../../../renderers/ecrf/controller';
import { EcrfForm } from '../../../renderers/ecrf/EcrfForm';
import { compiled, Providers, t, testCtx } from './ecrfTestKit';

const vs = compiled(vsSchema);
const dm = compiled(dmSchema);
const cm = compiled(cmSchema);

function renderForm(form = vs, values: FormValues = {}, extra: Partial<Parameters<typeof EcrfForm>[0]> = {}) {
  const controller = createRef<EcrfFormController>();
  const utils = render(
    <Providers>
      <EcrfForm form={form} ctx={testCtx} values={values} controllerRef={controller} {...extra} />
    </Providers>,
  );
  return { ...utils, controller };
}

const row = (variable: string) => screen.getByTestId(`ecrf-row-${variable}`);
const input = (variable: string) => within(row(variable)).getByRole('textbox') as HTMLInputElement;
const type = (variable: string, text: string) =>
  fireEvent.change(input(variable), { target: { value: text } });
const problems = (variable: string) =>
  [...row(variable).querySelectorAll<HTMLElement>('.ecrf-problem')].map((p) => ({
    level: p.dataset.level,
    text: p.textContent,
  }));

describe('EcrfForm', () => {
  it('puts the row being edited, and only it, on a layer of its own (a keystroke repaints that row)', () => {
    renderForm();
    // the form's style rules that make a layer (read as text: jsdom's rules are of another realm's classes), by the
    // row part of their selector (the form root's generated class before it)
    const selectors = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
      .filter((css) => /\{[^}]*will-change:\s*transform/.test(css))
      .map((css) => css.slice(0, css.indexOf('{')).trim().split(' ').at(-1) ?? '');
    expect(selectors).toEqual(['.ecrf-row:focus-within']);
    const layered = () =>
      [...document.querySelectorAll<HTMLElement>(selectors[0]!)].map((element) => element.dataset.variable);
    input('SYSBP').focus();
    // (once: jsdom's selector engine keeps a :focus-within answer after the focus moves on; Chromium does not)
    expect(layered()).toEqual(['SYSBP']);
  });

  it('labels each input with its item label and unit', () => {
    renderForm();
    expect(screen.getByLabelText('Systolic blood pressure')).toBe(input('SYSBP'));
    expect(row('SYSBP')).toHaveTextContent('mmHg');
  });

  it('rejects "12a" in an integer item with the translated message, and clears it once fixed', () => {
    renderForm();
    type('SYSBP', '12a');
    expect(t('form.notInteger')).not.toBe('form.notInteger'); // a catalogue text, not the id
    expect(problems('SYSBP')).toEqual([{ level: 'error', text: t('form.notInteger') }]);
    expect(input('SYSBP')).toHaveAttribute('aria-invalid', 'true');
    type('SYSBP', '120');
    expect(problems('SYSBP')).toEqual([]);
    expect(input('SYSBP')).not.toHaveAttribute('aria-invalid');
  });

  it('describes an input by its help and its problems (announced with the field)', () => {
    renderForm();
    expect(input('SYSBP')).not.toHaveAttribute('aria-describedby');
    type('SYSBP', '12a');
    expect(input('SYSBP')).toHaveAccessibleDescription(t('form.notInteger'));
    const position = within(row('VSPOS')).getByRole('combobox');
    expect(position).toHaveAccessibleDescription(
      'Rest seated for at least 5 minutes before measuring blood pressure and pulse',
    );
  });

  it('shows a soft range as a warning and a hard range as an error', () => {
    renderForm();
    type('SYSBP', '150');
    expect(problems('SYSBP')).toEqual([
      { level: 'warning', text: t('form.outOfSoftRange', { min: 90, max: 140 }) },
    ]);
    expect(row('SYSBP')).toHaveClass('ecrf-row-warning');
    type('SYSBP', '300');
    expect(problems('SYSBP')).toEqual([
      { level: 'error', text: t('form.outOfRange', { min: 60, max: 250 }) },
    ]);
    expect(row('SYSBP')).toHaveClass('ecrf-row-error');
  });

  it('re-checks the dependents of a changed item: a hard check across two items shows its own message', () => {
    renderForm();
    type('DIABP', '80');
    expect(problems('DIABP')).toEqual([]);
    type('SYSBP', '75');
    expect(problems('DIABP')).toContainEqual({
      level: 'error',
      text: 'Diastolic blood pressure must be lower than systolic blood pressure',
    });
    type('SYSBP', '120');
    expect(problems('DIABP')).toEqual([]);
  });

  it('shows and hides an item by its show rule', async () => {
    renderForm(dm);
    const sex = await screen.findByRole('radiogroup', { name: 'Sex' });
    expect(screen.queryByTestId('ecrf-row-CHILDPOT')).toBeNull();
    fireEvent.click(await within(sex).findByRole('radio', { name: /female/i }));
    expect(await screen.findByTestId('ecrf-row-CHILDPOT')).toBeInTheDocument();
    fireEvent.click(within(sex).getByRole('radio', { name: /^male/i }));
    expect(screen.queryByTestId('ecrf-row-CHILDPOT')).toBeNull();
  });

  it('names each partial date’s UK button after its own item, showing "UK"', () => {
    renderForm(cm);
    const start = screen.getByRole('button', {
      name: t('ecrf.unknownPart.name', { label: 'Start date' }),
    });
    const end = screen.getByRole('button', { name: t('ecrf.unknownPart.name', { label: 'End date' }) });
    expect(t('ecrf.unknownPart.name', { label: 'Start date' })).toMatch(/^UK\b.*Start date/);
    expect(row('CMSTDAT')).toContainElement(start);
    expect(row('CMENDAT')).toContainElement(end);
    expect(start).toHaveTextContent(/^UK$/);
    expect(start).toHaveAccessibleDescription(t('ecrf.unknownPart.help'));
    type('CMSTDAT', '2026-03-15');
    fireEvent.click(start);
    expect(input('CMSTDAT')).toHaveValue('2026-03-UK');
    expect(input('CMENDAT')).toHaveValue('');
  });

  it('names the UK button in Chinese with the Chinese label', () => {
    render(
      <Providers locale="zh_CN">
        <EcrfForm form={cm} ctx={testCtx} values={{}} />
      </Providers>,
    );
    const name = t('ecrf.unknownPart.name', { label: '开始日期' }, 'zh_CN');
    expect(name).toContain('开始日期');
    expect(within(row('CMSTDAT')).getByRole('button', { name })).toHaveTextContent(/^UK$/);
  });

  it('updates the calculated BMI as weight and height are typed', () => {
    renderForm();
    const bmi = screen.getByTestId('ecrf-calc-BMI');
    expect(bmi).toHaveTextContent('—');
    type('WEIGHT', '70');
    type('HEIGHT', '175');
    expect(bmi).toHaveTextContent('22.9');
    type('WEIGHT', '80');
    expect(bmi).toHaveTextContent('26.1');
    type('HEIGHT', '');
    expect(bmi).toHaveTextContent('—');
  });

  it('calls onChange debounced with the values', () => {
    vi.useFakeTimers();
    try {
      const onChange = vi.fn();
      renderForm(vs, {}, { onChange });
      type('PULSE', '7');
      type('PULSE', '72');
      expect(onChange).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(300));
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange.mock.calls[0]?.[0]).toMatchObject({ PULSE: '72' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands over a change still waiting when it unmounts (leaving the page loses nothing typed)', () => {
    vi.useFakeTimers();
    try {
      const onChange = vi.fn();
      const { unmount } = renderForm(vs, {}, { onChange });
      type('PULSE', '72');
      unmount();
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange.mock.calls[0]?.[0]).toMatchObject({ PULSE: '72' });
      act(() => vi.advanceTimersByTime(300));
      expect(onChange).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands over a change still waiting when the tab is closed or hidden (pagehide, visibilitychange)', () => {
    vi.useFakeTimers();
    try {
      const onChange = vi.fn();
      renderForm(vs, {}, { onChange });
      type('PULSE', '72');
      act(() => {
        window.dispatchEvent(new Event('pagehide'));
      });
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange.mock.calls[0]?.[0]).toMatchObject({ PULSE: '72' });
      type('PULSE', '73');
      const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      visibility.mockRestore();
      expect(onChange).toHaveBeenCalledTimes(2);
      expect(onChange.mock.calls[1]?.[0]).toMatchObject({ PULSE: '73' });
      act(() => vi.advanceTimersByTime(300));
      expect(onChange).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('controller: validateAll marks every field, isDirty follows the baseline, reset takes new values', () => {
    const { controller } = renderForm(vs, { VSDAT: '2026-11-01', SYSBP: '120' });
    const c = () => controller.current!;
    expect(c().isDirty()).toBe(false);
    type('PULSE', '200');
    expect(c().isDirty()).toBe(true);
    type('PULSE', '');
    expect(c().isDirty()).toBe(false);

    type('DIABP', 'x');
    let found!: ReturnType<EcrfFormController['validateAll']>;
    act(() => {
      found = c().validateAll();
    });
    expect(found.DIABP?.[0]?.messageId).toBe('form.notInteger');
    expect(problems('DIABP')[0]).toEqual({ level: 'error', text: t('form.notInteger') });
    act(() => {
      expect(c().focusFirstProblem()).toBe(true);
    });
    expect(document.activeElement).toBe(input('DIABP'));

    act(() => c().reset({ VSDAT: '2026-11-02', SYSBP: '130', DIABP: '85' }));
    expect(input('SYSBP').value).toBe('130');
    expect(problems('DIABP')).toEqual([]);
    expect(c().isDirty()).toBe(false);
    expect(c().getValues()).toMatchObject({ VSDAT: '2026-11-02', SYSBP: '130', DIABP: '85' });
  });

  it('controller: rebase moves the baseline to saved values and leaves the inputs and problems as they are', () => {
    const { controller } = renderForm(vs, { VSDAT: '2026-11-01', SYSBP: '120' });
    const c = () => controller.current!;
    // saved 125 while the user typed on to 126 and a bad DIABP
    type('SYSBP', '126');
    type('DIABP', 'x');
    expect(problems('DIABP')[0]?.level).toBe('error');
    act(() => c().rebase({ VSDAT: '2026-11-01', SYSBP: '125' }));
    expect(input('SYSBP').value).toBe('126');
    expect(input('DIABP').value).toBe('x');
    expect(problems('DIABP')[0]?.level).toBe('error');
    expect(c().isDirty()).toBe(true);
    // typed back to what was saved: nothing unsaved against the new baseline
    type('SYSBP', '125');
    type('DIABP', '');
    expect(c().isDirty()).toBe(false);
  });

  it('shows problems given by the server at their fields', () => {
    const { controller } = renderForm(
      vs,
      {},
      {
        problems: {
          PULSE: [{ level: 'warning', messageId: 'form.outOfSoftRange', values: { min: 60, max: 100 } }],
        },
      },
    );
    expect(problems('PULSE')).toEqual([
      { level: 'warning', text: t('form.outOfSoftRange', { min: 60, max: 100 }) },
    ]);
    act(() => controller.current!.showProblems({ TEMP: [{ level: 'error', messageId: 'form.required' }] }));
    expect(problems('PULSE')).toEqual([]);
    expect(problems('TEMP')).toEqual([{ level: 'error', text: t('form.required') }]);
  });

  it('read-only: inputs cannot be changed', () => {
    renderForm(vs, { SYSBP: '120' }, { readOnly: true });
    expect(input('SYSBP')).toHaveAttribute('readonly');
  });

  it('mounts a long form progressively, all items in the end', async () => {
    const { generateBigForm } = await import('../../../fixtures/forms');
    const big = compiled(generateBigForm(500));
    renderForm(big, {}, { initialItems: 100 });
    expect(screen.getByTestId('ecrf-form').querySelectorAll('.ecrf-row').length).toBeLessThan(500);
    await waitFor(() => expect(screen.getByTestId('ecrf-form')).toHaveAttribute('data-mounted', 'all'));
  });

  it('renders every section at once, sized from its items, while its items mount chunk by chunk', async () => {
    const { generateBigForm } = await import('../../../fixtures/forms');
    const big = compiled(generateBigForm(500));
    renderForm(big, {}, { initialItems: 50 });
    const form = screen.getByTestId('ecrf-form');
    // the section navigator and find-in-page need every section; the page keeps its length as items mount
    const sections = [...form.querySelectorAll<HTMLElement>('section[data-section]')];
    expect(sections.map((s) => s.dataset.section)).toEqual(big.sections.map((s) => s.id));
    const last = sections.at(-1)!;
    expect(last.querySelectorAll('[data-variable]')).toHaveLength(0);
    expect(last.style.containIntrinsicSize).toMatch(/^auto \d+px$/);
    expect(parseInt(last.style.minHeight, 10)).toBeGreaterThan(0);
    await waitFor(() => expect(form).toHaveAttribute('data-mounted', 'all'));
    expect(form.querySelectorAll('[data-variable]').length).toBeGreaterThan(450);
    // once its items are all there, a section is as tall as they are (no reserved minimum)
    expect(last.style.minHeight).toBe('');
  });

  it('keeps a line for the problems of every item that has a value, shown or not (rows do not move)', () => {
    renderForm();
    const line = () => row('SYSBP').querySelectorAll('.ecrf-problems');
    expect(line()).toHaveLength(1);
    expect(line()[0]).toBeEmptyDOMElement();
    type('SYSBP', '12a');
    expect(line()).toHaveLength(1);
    expect(line()[0]).toHaveTextContent(t('form.notInteger'));
    type('SYSBP', '120');
    expect(line()).toHaveLength(1);
    expect(line()[0]).toBeEmptyDOMElement();
  });

  it('reset shows the new values; values typed before it are gone, and so is every problem', () => {
    const { controller } = renderForm(vs, { SYSBP: '120' });
    type('PULSE', '7a');
    expect(problems('PULSE')).toHaveLength(1);
    act(() => controller.current!.reset({ SYSBP: '130', DIABP: '80' }));
    expect(input('SYSBP').value).toBe('130');
    expect(input('DIABP').value).toBe('80');
    expect(input('PULSE').value).toBe('');
    expect(problems('PULSE')).toEqual([]);
    expect(controller.current!.getValues()).toMatchObject({ SYSBP: '130', DIABP: '80', PULSE: null });
    expect(controller.current!.isDirty()).toBe(false);
  });

  it('keeps the value of an item while a show rule hides it (prepareForSave blanks it)', async () => {
    const { controller } = renderForm(dm);
    const sex = await screen.findByRole('radiogroup', { name: 'Sex' });
    fireEvent.click(await within(sex).findByRole('radio', { name: /female/i }));
    const childpot = await screen.findByRole('radiogroup', { name: 'Childbearing potential' });
    fireEvent.click(await within(childpot).findByRole('radio', { name: /yes/i }));
    fireEvent.click(within(sex).getByRole('radio', { name: /^male/i }));
    expect(screen.queryByTestId('ecrf-row-CHILDPOT')).toBeNull();
    expect(controller.current!.getValues()).toMatchObject({ SEX: 'M', CHILDPOT: 'Y' });
  });

  it('problems given again as an equal object do not wipe what live validation shows', () => {
    const first: FormProblems = { TEMP: [{ level: 'error', messageId: 'form.required' }] };
    const controller = createRef<EcrfFormController>();
    const view = (problems: FormProblems) => (
      <Providers>
        <EcrfForm form={vs} ctx={testCtx} values={{}} problems={problems} controllerRef={controller} />
      </Providers>
    );
    const { rerender } = render(view(first));
    type('SYSBP', '12a');
    rerender(view({ ...first }));
    expect(problems('SYSBP')).toHaveLength(1);
    rerender(view({}));
    expect(problems('SYSBP')).toEqual([]);
    expect(problems('TEMP')).toEqual([]);
  });

  it('focusFirstProblem mounts the rest of a long form to reach a problem far down', async () => {
    const { generateBigForm } = await import('../../../fixtures/forms');
    const big = compiled(generateBigForm(500));
    const last = [...big.items.values()].filter((i) => i.fieldtype === 'integer').at(-1)!;
    const { controller } = renderForm(big, {}, { initialItems: 50 });
    act(() =>
      controller.current!.showProblems({
        [last.variable]: [{ level: 'error', messageId: 'form.notInteger' }],
      }),
    );
    act(() => {
      expect(controller.current!.focusFirstProblem()).toBe(true);
    });
    expect(document.activeElement).toBe(input(last.variable));
  });
});
