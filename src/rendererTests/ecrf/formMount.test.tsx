/**
 * What the form's mount does once instead of per item (issue 11, stop 26): one store subscription per row, the
 * repeated UI texts translated once per language, inline choices without the code-list machinery, the form's styles
 * resolved once per theme — and that nothing a user sees or hears changed for it.
 */
import { act, createRef } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createIntl } from '../../../renderers/intl';
import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { metaText } from '../../../engine/metadata/metaText';
import { dmSchema, vsSchema } from '../../../fixtures/forms';
import type { EcrfFormController } from '../../../renderers/ecrf/controller';
import { EcrfForm } from '../../../renderers/ecrf/EcrfForm';
import { ecrfFormCss } from '../../../renderers/ecrf/ecrfStyles';
import { ecrfTexts } from '../../../renderers/ecrf/ecrfTexts';
import { createFormRuntime } from '../../../renderers/ecrf/formRuntime';
import { testCatalogues } from '../../testing/renderApp';
import { compiled, fakeClient, Providers, t, testCtx } from './ecrfTestKit';

const vs = compiled(vsSchema);
const dm = compiled(dmSchema);
const row = (variable: string) => screen.getByTestId(`ecrf-row-${variable}`);

const limited = compiled({
  formid: 'LIM',
  tid: 'LIM1',
  name: { zh_CN: '限长', en: 'Limited' },
  version: 1,
  reftype: '3',
  sections: [
    {
      id: 's1',
      title: { zh_CN: '一', en: 'One' },
      items: [{ variable: 'CODE', label: { zh_CN: '代码', en: 'Code' }, fieldtype: 'text', length: 3 }],
    },
  ],
  rules: [],
});

const styleRuleCount = () => [...document.styleSheets].reduce((n, sheet) => n + sheet.cssRules.length, 0);

describe('form runtime: one version per item for the row to subscribe to', () => {
  it('moves on a change of the value, the flags or the problems, and not on a write of the same value', () => {
    const runtime = createFormRuntime(vs, { hidden: new Set(), required: new Set(), calculated: {} });
    const seen: number[] = [runtime.version('SYSBP')];
    let told = 0;
    runtime.subscribe('SYSBP', () => told++);
    runtime.setValue('SYSBP', '120');
    seen.push(runtime.version('SYSBP'));
    runtime.setValue('SYSBP', '120'); // the same value: nothing
    seen.push(runtime.version('SYSBP'));
    runtime.applyStateOf(['SYSBP'], { hidden: new Set(), required: new Set(['SYSBP']), calculated: {} });
    seen.push(runtime.version('SYSBP'));
    runtime.setProblems(['SYSBP'], { SYSBP: [{ level: 'error', messageId: 'form.required' }] });
    seen.push(runtime.version('SYSBP'));
    expect(new Set(seen).size).toBe(4);
    expect(seen[1]).toBe(seen[2]);
    expect(told).toBe(3);
    expect(runtime.version('DIABP')).toBe(0); // another item's changes are not its own
  });
});

describe('EcrfForm mount', () => {
  it('redraws a row for its problems alone and for its value alone (controller.showProblems, controller.reset)', () => {
    const controller = createRef<EcrfFormController>();
    render(
      <Providers>
        <EcrfForm form={vs} ctx={testCtx} values={{}} controllerRef={controller} />
      </Providers>,
    );
    const input = within(row('SYSBP')).getByRole('textbox') as HTMLInputElement;
    act(() => controller.current!.showProblems({ SYSBP: [{ level: 'error', messageId: 'form.required' }] }));
    expect(row('SYSBP')).toHaveTextContent(t('form.required'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toMatch(/-problems$/);
    act(() => controller.current!.reset({ SYSBP: '118' }));
    expect(input.value).toBe('118');
    expect(row('SYSBP')).not.toHaveTextContent(t('form.required'));
    expect(input).not.toHaveAttribute('aria-describedby');
    // the line for problems stays reserved (nothing below moves when one comes)
    expect(row('SYSBP').querySelectorAll('.ecrf-problems')).toHaveLength(1);
  });

  it('asks for the code lists an item names, and for nothing for items with inline options', async () => {
    const client = fakeClient();
    render(
      <Providers client={client}>
        <EcrfForm form={dm} ctx={testCtx} values={{}} />
      </Providers>,
    );
    // inline options are there at once
    const ethnic = within(row('ETHNIC')).getByRole('combobox');
    expect(within(ethnic).getByRole('option', { name: 'Hispanic or Latino' })).toBeInTheDocument();
    expect(within(ethnic).getAllByRole('option')[0]).toHaveTextContent(t('ecrf.select.empty'));
    // a code list's options arrive from its request
    expect(await within(row('SEX')).findAllByRole('radio')).not.toHaveLength(0);
    const asked = client.paramsOf('codeList').map((p) => (p as { codelisttype: string }).codelisttype);
    expect(asked).toContain('SEX');
    const named = new Set([...dm.items.values()].flatMap((i) => (i.codelisttype ? [i.codelisttype] : [])));
    expect(asked.every((name) => named.has(name))).toBe(true);
  });

  it('gives every date item its translated placeholder and its own calendar button name, in each language', () => {
    for (const locale of ['en', 'zh_CN'] as const) {
      const { unmount } = render(
        <Providers locale={locale}>
          <EcrfForm form={dm} ctx={testCtx} values={{}} />
        </Providers>,
      );
      for (const variable of ['DMDAT', 'BRTHDAT']) {
        const item = dm.items.get(variable)!;
        const label = metaText(item.label, locale);
        const input = row(variable).querySelector('input')!;
        const placeholder = item.partial ? 'ecrf.placeholder.partialDate' : 'ecrf.placeholder.date';
        expect(input.placeholder).toBe(t(placeholder, undefined, locale));
        const button = within(row(variable)).getByRole('button', {
          name: t('ecrf.calendar.open', { label }, locale),
        });
        expect(button).toHaveAttribute('title', t('ecrf.calendar.help', undefined, locale));
      }
      unmount();
    }
  });

  it('translates the repeated texts once per intl instance', () => {
    const intl = createIntl({ locale: 'en', messages: testCatalogues.en });
    const texts = ecrfTexts(intl);
    expect(ecrfTexts(intl)).toBe(texts);
    expect(texts.placeholder.date).toBe(t('ecrf.placeholder.date'));
    expect(texts.calendarOpen('Visit date')).toBe(t('ecrf.calendar.open', { label: 'Visit date' }));
    const zh = ecrfTexts(createIntl({ locale: 'zh-CN', messages: testCatalogues.zh_CN }));
    expect(zh.selectEmpty).toBe(t('ecrf.select.empty', undefined, 'zh_CN'));
  });

  it('shows the length warning only at the limit, and describes the input by it while it shows', () => {
    render(
      <Providers>
        <EcrfForm form={limited} ctx={testCtx} values={{}} />
      </Providers>,
    );
    const input = within(row('CODE')).getByRole('textbox') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'AB' } });
    expect(screen.queryByTestId('limit-hint')).toBeNull();
    expect(input).not.toHaveAttribute('aria-describedby');
    fireEvent.change(input, { target: { value: 'ABC' } });
    const hint = screen.getByTestId('limit-hint');
    expect(input.getAttribute('aria-describedby')).toBe(hint.id);
    fireEvent.change(input, { target: { value: 'AB' } });
    expect(screen.queryByTestId('limit-hint')).toBeNull();
  });

  it('resolves the form styles once per theme: a second form adds no style rule and has the same class', () => {
    const theme = createTheme();
    const extra = {};
    expect(ecrfFormCss(theme, extra)).toBe(ecrfFormCss(theme, extra));
    expect(ecrfFormCss(theme, {})).not.toBe(ecrfFormCss(theme, extra)); // per adornment rules
    const first = render(
      <Providers>
        <EcrfForm form={vs} ctx={testCtx} values={{}} />
      </Providers>,
    );
    const rules = styleRuleCount();
    const className = screen.getByTestId('ecrf-form').className;
    first.unmount();
    render(
      <Providers>
        <EcrfForm form={vs} ctx={testCtx} values={{}} />
      </Providers>,
    );
    expect(styleRuleCount()).toBe(rules);
    expect(screen.getByTestId('ecrf-form').className).toBe(className);
    expect(className).toMatch(/^ecrf-form css-/);
  });
});
