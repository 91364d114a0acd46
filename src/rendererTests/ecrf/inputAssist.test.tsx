import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aeSchema, cmSchema } from '../../../fixtures/forms';
import { EcrfForm } from '../../../renderers/ecrf/EcrfForm';
import { INPUT_ASSIST_DEBOUNCE_MS } from '../../../renderers/ecrf/widgets/inputAssist';
import { createFakeApiClient, fakeFailure } from '../../../renderers/testing/fakeApiClient';
import { manualTimers } from '../listTestKit';
import { compiled, Providers, testCtx } from './ecrfTestKit';

const ae = compiled(aeSchema);
const cm = compiled(cmSchema);

const TERMS = ['Headache', 'Hepatitis', 'Hypertension', 'Nausea'];

function setup({
  form = ae,
  readOnly = false,
  fail = false,
}: { form?: typeof ae; readOnly?: boolean; fail?: boolean } = {}) {
  const timers = manualTimers();
  const client = createFakeApiClient({
    dataInputAsst: ({ q }) => {
      if (fail) throw fakeFailure('server', 'data/dataInputasst.do', 'down');
      return TERMS.filter((term) => term.toLowerCase().startsWith((q ?? '').toLowerCase())).map((value) => ({
        value,
        label: value === 'Headache' ? { zh_CN: '头痛', en: 'Headache (cephalalgia)' } : value,
      }));
    },
  });
  // the form gives its text items their scope (its tid, its timers)
  render(
    <Providers client={client}>
      <EcrfForm form={form} ctx={testCtx} values={{}} readOnly={readOnly} timers={timers} />
    </Providers>,
  );
  const textbox = (variable: string) =>
    screen.getByTestId(`ecrf-row-${variable}`).querySelector('input') as HTMLInputElement;
  const type = (variable: string, text: string) =>
    fireEvent.change(textbox(variable), { target: { value: text } });
  const settle = async () => {
    await act(async () => {
      timers.advance(INPUT_ASSIST_DEBOUNCE_MS);
      await Promise.resolve();
    });
  };
  const optionsOf = (variable: string) => {
    const listId = textbox(variable).getAttribute('list');
    const list = listId === null ? null : document.getElementById(listId);
    return list === null ? null : [...list.querySelectorAll('option')].map((o) => [o.value, o.label]);
  };
  return { client, timers, textbox, type, settle, optionsOf };
}

describe('input assistance of text items', () => {
  it('offers earlier values for what was typed, after a pause, in a datalist of the input', async () => {
    const { client, textbox, type, settle, optionsOf } = setup();
    type('AETERM', 'H');
    type('AETERM', 'He');
    expect(client.paramsOf('dataInputAsst')).toEqual([]); // still typing
    expect(textbox('AETERM')).toHaveValue('He'); // typing never waits for suggestions
    await settle();
    expect(client.paramsOf('dataInputAsst')).toEqual([{ tid: ae.tid, variable: 'AETERM', q: 'He' }]);
    expect(client.calls[0]?.options).toMatchObject({ silent: true });
    expect(optionsOf('AETERM')).toEqual([
      ['Headache', 'Headache (cephalalgia)'],
      ['Hepatitis', ''],
    ]);
  });

  it('asks once per variable and text on the page (cached)', async () => {
    const { client, type, settle, optionsOf } = setup();
    type('AETERM', 'Hy');
    await settle();
    type('AETERM', 'He');
    await settle();
    type('AETERM', 'Hy');
    await settle();
    expect(client.paramsOf('dataInputAsst').map((p) => (p as { q: string }).q)).toEqual(['Hy', 'He']);
    expect(optionsOf('AETERM')).toEqual([['Hypertension', '']]);
  });

  it('asks nothing for items without inputAssist or for blank text', async () => {
    const plain = compiled({
      formid: 'T',
      tid: 'T1',
      name: 'T',
      version: 1,
      sections: [
        {
          id: 's',
          title: 'S',
          items: [
            { variable: 'NOTE', label: 'Note', fieldtype: 'text' },
            { variable: 'TERM', label: 'Term', fieldtype: 'text', inputAssist: true },
          ],
        },
      ],
    });
    const { client, textbox, type, settle } = setup({ form: plain });
    type('NOTE', 'Hea');
    type('TERM', '  ');
    await settle();
    expect(textbox('NOTE').getAttribute('list')).toBeNull();
    expect(client.paramsOf('dataInputAsst')).toEqual([]);
    type('TERM', 'Hyp');
    await settle();
    expect(client.paramsOf('dataInputAsst')).toEqual([{ tid: 'T1', variable: 'TERM', q: 'Hyp' }]);
  });

  it('CM offers medication names and indications', async () => {
    const { client, type, settle } = setup({ form: cm });
    type('CMTRT', 'Asp');
    type('CMINDC', 'Hyp');
    await settle();
    expect(client.paramsOf('dataInputAsst')).toEqual([
      { tid: cm.tid, variable: 'CMTRT', q: 'Asp' },
      { tid: cm.tid, variable: 'CMINDC', q: 'Hyp' },
    ]);
  });

  it('is off in a read-only form; failures stay silent', async () => {
    const readOnly = setup({ readOnly: true });
    expect(readOnly.textbox('AETERM').getAttribute('list')).toBeNull();
    document.body.innerHTML = '';

    const failing = setup({ fail: true });
    failing.type('AETERM', 'He');
    await failing.settle();
    expect(failing.client.paramsOf('dataInputAsst')).toHaveLength(1);
    expect(failing.optionsOf('AETERM')).toEqual([]);
    expect(failing.textbox('AETERM')).toHaveValue('He');
  });
});
