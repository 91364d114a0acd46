/**
 * Item adornments and record actions as registries: what the built-ins draw from the item state (spec §4), that a
 * form draws exactly the adornments it is given, and which actions a record is offered from its capabilities.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordInfo } from '../../../engine/api/data';
import { vsSchema } from '../../../fixtures/forms';
import { auditTrailAction, builtinRecordActions } from '../../../renderers/actions/builtinActions';
import { dataTypeAdornment, noteAdornment } from '../../../renderers/actions/builtinAdornments';
import { adornmentsFor, type ItemAdornment } from '../../../renderers/actions/itemAdornments';
import { createOrderedRegistry } from '../../../renderers/actions/orderedRegistry';
import { actionsFor, valuesEditable, type RecordState } from '../../../renderers/actions/recordActions';
import { EcrfForm } from '../../../renderers/ecrf/EcrfForm';
import { compiled, Providers, t, testCtx } from './ecrfTestKit';

const state = (datatype: number, note = 0) => ({ datatype, note });

describe('the built-in item adornments (spec §4)', () => {
  it('data type: 0 and 2 one icon, −1 and −2 another, nothing else drawn', () => {
    expect([0, 2].map((d) => dataTypeAdornment.icon(state(d)))).toEqual(['entered', 'entered']);
    expect([-1, -2].map((d) => dataTypeAdornment.icon(state(d)))).toEqual(['derived', 'derived']);
    expect(dataTypeAdornment.icon(state(1))).toBeNull();
    expect(dataTypeAdornment.icon(undefined)).toBeNull();
  });

  it('notes: 1 the list, 2 under review, otherwise add', () => {
    expect(noteAdornment.icon(state(0, 1))).toBe('list');
    expect(noteAdornment.icon(state(0, 2))).toBe('review');
    expect(noteAdornment.icon(state(0, 0))).toBe('add');
    expect(noteAdornment.icon(state(0, 7))).toBe('add');
    expect(noteAdornment.icon(undefined)).toBe('add');
  });
});

describe('EcrfForm adornments', () => {
  const vs = compiled(vsSchema);
  const flag: ItemAdornment = {
    id: 'flag',
    order: 5,
    icons: { on: { path: 'M0 0h24v24H0z', labelId: 'formPage.saved' } },
    icon: (s) => (s?.flag === true ? 'on' : null),
  };

  it('draws the adornments it is given, in their order, and no placeholder of a later workflow', () => {
    render(
      <Providers>
        <EcrfForm
          form={vs}
          ctx={testCtx}
          values={{ SYSBP: '120' }}
          itemStatus={{ SYSBP: { datatype: 0, note: 2, flag: true } as never }}
          adornments={[flag, dataTypeAdornment, noteAdornment]}
        />
      </Providers>,
    );
    const icons = within(screen.getByTestId('ecrf-row-SYSBP')).getAllByRole('img');
    expect(icons.map((i) => i.getAttribute('aria-label'))).toEqual([
      t('formPage.saved'),
      t('ecrf.status.entered'),
      t('ecrf.status.noteReview'),
    ]);
    // an item without state: only "add a note"
    const none = within(screen.getByTestId('ecrf-row-DIABP')).getAllByRole('img');
    expect(none.map((i) => i.getAttribute('aria-label'))).toEqual([t('ecrf.status.noteAdd')]);
  });

  it('draws no icons at all with no adornments', () => {
    render(
      <Providers>
        <EcrfForm form={vs} ctx={testCtx} values={{}} itemStatus={{ SYSBP: state(0, 1) }} adornments={[]} />
      </Providers>,
    );
    expect(within(screen.getByTestId('ecrf-row-SYSBP')).queryAllByRole('img')).toHaveLength(0);
  });

  it('an adornment that needs a capability is kept only when it is granted', () => {
    const sdv: ItemAdornment = { ...flag, id: 'sdv', capability: 'sdv' };
    expect(adornmentsFor([dataTypeAdornment, sdv], new Set(['view']))).toEqual([dataTypeAdornment]);
    expect(adornmentsFor([dataTypeAdornment, sdv], new Set(['view', 'sdv']))).toEqual([
      dataTypeAdornment,
      sdv,
    ]);
  });
});

describe('record actions offered by capability', () => {
  const form = compiled(vsSchema);
  const record: RecordInfo = {
    recordid: 'r1',
    lineno: 1,
    rowversion: 1,
    status: '2',
    updatedat: '2026-01-05T08:00:00Z',
    updatedby: 'crc.li',
  };
  const at = (rec: RecordInfo | null, caps: string[]): RecordState => ({
    form,
    record: rec,
    capabilities: new Set(caps),
  });
  const ids = (s: RecordState) => actionsFor(builtinRecordActions, 'form', s).map((a) => a.id);

  it('enter for a record not saved yet, change and the audit trail for a saved one', () => {
    const all = ['view', 'enter', 'change', 'audit'];
    expect(ids(at(null, all))).toEqual(['enter']);
    expect(ids(at(record, all))).toEqual(['change', 'audit']);
    expect(valuesEditable(builtinRecordActions, at(null, all))).toBe(true);
    expect(valuesEditable(builtinRecordActions, at(record, all))).toBe(true);
  });

  it('nothing that changes values for a role that may only read', () => {
    expect(ids(at(record, ['view', 'audit']))).toEqual(['audit']);
    expect(valuesEditable(builtinRecordActions, at(record, ['view', 'audit']))).toBe(false);
    expect(valuesEditable(builtinRecordActions, at(null, ['view', 'change']))).toBe(false);
    expect(ids(at(record, []))).toEqual([]);
  });

  it('a registration replaces the one of the same id and keeps the declared order', () => {
    const registry = createOrderedRegistry(builtinRecordActions);
    registry.register({ ...auditTrailAction, order: 1 });
    expect(registry.list().map((a) => a.id)).toEqual(['audit', 'enter', 'change']);
    expect(registry.list()).toBe(registry.list());
  });
});
