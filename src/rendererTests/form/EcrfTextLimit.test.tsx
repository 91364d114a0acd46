// eCRF text items (spec §3, §5): limited to their length, else the session's limit (login info strLength: 100 unless
// larger); typing past it is cut; the warning shows exactly at the limit and describes the input.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormContext, FormValues } from '../../../engine/form/types';
import { textLimitOf } from '../../../engine/input/textLimit';
import { EcrfForm } from '../../../renderers/ecrf/EcrfForm';
import { compiled, Providers, t } from '../ecrf/ecrfTestKit';

const form = compiled({
  formid: 'LIM',
  tid: 'LIM',
  name: 'Limits',
  version: 1,
  sections: [
    {
      id: 'main',
      title: 'Main',
      items: [
        { variable: 'REMARK', label: 'Remark', fieldtype: 'text' },
        { variable: 'CODE', label: 'Code', fieldtype: 'text', length: 8 },
        { variable: 'COMMENT', label: 'Comment', fieldtype: 'textarea' },
        { variable: 'VISNO', label: 'Visit number', fieldtype: 'integer' },
      ],
    },
  ],
});

const ctxOf = (strLength: unknown): FormContext => ({
  textLimit: textLimitOf(strLength),
  numUnknownAllowed: false,
  today: '2026-11-21',
});

function renderForm(strLength: unknown, values: FormValues = {}, readOnly = false) {
  return render(
    <Providers>
      <EcrfForm form={form} ctx={ctxOf(strLength)} values={values} readOnly={readOnly} />
    </Providers>,
  );
}

const row = (variable: string) => screen.getByTestId(`ecrf-row-${variable}`);
const field = (variable: string) => within(row(variable)).getByRole('textbox') as HTMLInputElement;
const type = (variable: string, text: string) =>
  fireEvent.change(field(variable), { target: { value: text } });
const hint = (max: number) => t('common.input.maxLengthReached', { max });

describe('eCRF text limits', () => {
  it('strLength 100: a text item takes 100 characters, warns at 100, cuts the rest', () => {
    renderForm(100);
    expect(field('REMARK')).toHaveAttribute('maxlength', '100');
    type('REMARK', 'r'.repeat(99));
    expect(within(row('REMARK')).queryByText(hint(100))).toBeNull();
    type('REMARK', 'r'.repeat(100));
    expect(within(row('REMARK')).getByText(hint(100))).toBeInTheDocument();
    expect(field('REMARK')).toHaveAccessibleDescription(hint(100));
    type('REMARK', 'r'.repeat(130));
    expect(field('REMARK')).toHaveValue('r'.repeat(100));
  });

  it.each([[undefined], [null], [50], ['2000']])(
    'strLength %p (missing or invalid): the short limit',
    (strLength) => {
      renderForm(strLength);
      expect(field('REMARK')).toHaveAttribute('maxlength', '100');
    },
  );

  it('strLength larger than 100: 2000', () => {
    renderForm(500);
    expect(field('REMARK')).toHaveAttribute('maxlength', '2000');
    type('REMARK', 'q'.repeat(2100));
    expect(field('REMARK')).toHaveValue('q'.repeat(2000));
    expect(within(row('REMARK')).getByText(hint(2000))).toBeInTheDocument();
  });

  it('an item’s own length wins; a textarea defaults to 2000; numbers have no text limit', () => {
    renderForm(100);
    expect(field('CODE')).toHaveAttribute('maxlength', '8');
    type('CODE', 'ABCDEFGHIJ');
    expect(field('CODE')).toHaveValue('ABCDEFGH');
    expect(within(row('CODE')).getByText(hint(8))).toBeInTheDocument();
    expect(field('COMMENT')).toHaveAttribute('maxlength', '2000');
    expect(field('VISNO')).not.toHaveAttribute('maxlength');
  });

  it('a value saved before the limit is not cut by an edit that shortens it', () => {
    renderForm(100, { REMARK: 'o'.repeat(120) });
    type('REMARK', 'o'.repeat(119));
    expect(field('REMARK')).toHaveValue('o'.repeat(119));
    type('REMARK', `${'o'.repeat(119)}x`);
    expect(field('REMARK')).toHaveValue('o'.repeat(119));
  });

  it('read-only forms show no limit warning', () => {
    renderForm(100, { REMARK: 'r'.repeat(100) }, true);
    expect(within(row('REMARK')).queryByText(hint(100))).toBeNull();
  });
});
