/**
 * Field-level subscriptions: typing in one item renders that item (and the items whose state it changes), never
 * the rest of the form.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FormWidget, FormWidgetRegistry } from '../../../renderers/ecrf/widgets/types';
import { generateBigForm, vsSchema } from '../../../fixtures/forms';
import { EcrfForm } from '../../../renderers/ecrf/EcrfForm';
import { compiled, Providers, testCtx } from './ecrfTestKit';
import { formWidgets } from '../../../renderers/ecrf/widgets/registry';

const renders = new Map<string, number>();

/** formWidgets, each counting its renders by variable. */
const countingWidgets: FormWidgetRegistry = Object.fromEntries(
  Object.entries(formWidgets).map(([type, Widget]) => {
    const Counting: FormWidget = (props) => {
      renders.set(props.item.variable, (renders.get(props.item.variable) ?? 0) + 1);
      return <Widget {...props} />;
    };
    return [type, Counting];
  }),
);

const snapshot = () => new Map(renders);
const rendered = (before: Map<string, number>) =>
  [...renders]
    .filter(([v, n]) => n !== (before.get(v) ?? 0))
    .map(([v]) => v)
    .sort();
const type = (variable: string, text: string) =>
  fireEvent.change(within(screen.getByTestId(`ecrf-row-${variable}`)).getByRole('textbox'), {
    target: { value: text },
  });

beforeEach(() => renders.clear());

describe('EcrfForm render counts', () => {
  it('typing in one field renders only that field; a formula input also renders the calculated item', () => {
    const vs = compiled(vsSchema);
    render(
      <Providers>
        <EcrfForm form={vs} ctx={testCtx} values={{}} widgets={countingWidgets} />
      </Providers>,
    );
    expect(renders.get('PULSE')).toBe(1);

    let before = snapshot();
    type('PULSE', '7');
    type('PULSE', '72');
    expect(rendered(before)).toEqual(['PULSE']);
    expect(renders.get('PULSE')).toBe(3);

    type('HEIGHT', '175');
    before = snapshot();
    type('WEIGHT', '70');
    expect(rendered(before)).toEqual(['BMI', 'WEIGHT']);

    // a hard range error shown: still only the item itself
    before = snapshot();
    type('PULSE', '999');
    expect(rendered(before)).toEqual(['PULSE']);
  });

  it('1,000 items: a keystroke renders one row', () => {
    const big = compiled(generateBigForm(1000));
    render(
      <Providers>
        <EcrfForm form={big} ctx={testCtx} values={{}} widgets={countingWidgets} initialItems={1000} />
      </Providers>,
    );
    const textItem = [...big.items.values()].find(
      (item) => item.fieldtype === 'text' && (big.dependents.get(item.variable)?.length ?? 0) === 0,
    )!;
    const before = snapshot();
    type(textItem.variable, 'abc');
    expect(rendered(before)).toEqual([textItem.variable]);
  });
});
