/**
 * The form-schema playground: edit a schema as JSON and see the data-entry form it makes, or every problem with
 * it — JSON syntax by line and column, schema issues by path (duplicate variables, unknown field types, rule
 * syntax, unknown references, cycles). Starts from the demo study's vital signs form.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { vsSchema } from '../../fixtures/forms';
import { lineAndColumn } from '../support/jsonSyntax';
import { msg } from '../support/storyText';
import { codeListApi } from './support/EcrfStory';
import { FormSchemaPlayground } from './support/FormSchemaPlayground';

const meta = {
  title: 'eCRF/Form schema playground',
  component: FormSchemaPlayground,
  args: { schema: vsSchema },
  parameters: codeListApi,
} satisfies Meta<typeof FormSchemaPlayground>;

export default meta;
type Story = StoryObj<typeof meta>;

const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const editor = (canvas: HTMLElement) => within(canvas).getByTestId('playground-editor');
const edit = (canvas: HTMLElement, value: unknown) =>
  fireEvent.change(editor(canvas), { target: { value: typeof value === 'string' ? value : pretty(value) } });

/** The vital signs schema: no problems, the live form below; a new item appears as soon as it is typed. */
export const VitalSigns: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('playground-problems')).toHaveTextContent(
      msg('ecrf.playground.noIssues'),
    );
    await expect(canvas.getByTestId('ecrf-row-SYSBP')).toBeInTheDocument();
    const [first, ...rest] = vsSchema.sections;
    edit(canvasElement, {
      ...vsSchema,
      sections: [
        {
          ...first!,
          items: [
            ...first!.items,
            { variable: 'VSCOMM', label: { zh_CN: '备注', en: 'Comment' }, fieldtype: 'textarea' },
          ],
        },
        ...rest,
      ],
    });
    await expect(await canvas.findByTestId('ecrf-row-VSCOMM')).toBeInTheDocument();
  },
};

/** Breaking the schema: issues listed instead of the form; a JSON error by line and column keeps the preview. */
export const BreakingTheSchema: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first, ...rest] = vsSchema.sections;
    const items = first!.items;
    // a duplicate variable and an unknown field type
    edit(canvasElement, {
      ...vsSchema,
      sections: [
        {
          ...first!,
          items: [
            ...items,
            { ...items[0]!, label: 'dup' },
            { variable: 'X1', label: 'X', fieldtype: 'colour' },
          ],
        },
        ...rest,
      ],
    });
    const issues = await canvas.findAllByTestId('schema-issue');
    await expect(issues.length).toBe(2);
    await expect(issues.some((i) => i.textContent?.includes(items[0]!.variable))).toBe(true);
    await expect(canvas.queryByTestId('ecrf-form')).toBeNull();

    // back to the example, then a missing comma
    await userEvent.click(
      canvas.getByRole('button', { name: msg('ecrf.playground.restore', undefined, true) }),
    );
    await waitFor(() => expect(canvas.getByTestId('ecrf-form')).toBeInTheDocument());
    const text = pretty(vsSchema);
    const comma = text.indexOf(',\n  "tid"');
    const broken = text.slice(0, comma) + text.slice(comma + 1);
    edit(canvasElement, broken);
    const at = lineAndColumn(broken, broken.indexOf('"tid"'));
    await expect(await canvas.findByTestId('playground-json-error')).toHaveTextContent(
      msg('builder.jsonError', { ...at, found: '"' }),
    );
    await expect(canvas.getByTestId('playground-stale')).toBeInTheDocument();
    await expect(canvas.getByTestId('ecrf-row-SYSBP')).toBeInTheDocument();
  },
};

/** A cycle among calculated items and a rule reading an unknown variable. */
export const CyclesAndReferences: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    edit(canvasElement, {
      formid: 'CYC',
      tid: 'CYC',
      name: 'Cycle',
      version: 1,
      sections: [
        {
          id: 'S',
          title: 'S',
          items: [
            { variable: 'A', label: 'A', fieldtype: 'calculated', formula: '[B] + 1' },
            { variable: 'B', label: 'B', fieldtype: 'calculated', formula: '[A] + 1' },
            { variable: 'C', label: 'C', fieldtype: 'integer' },
          ],
        },
      ],
      rules: [{ id: 'R1', kind: 'show', expr: '[NOPE] = 1', target: 'C' }],
    });
    const issues = await canvas.findAllByTestId('schema-issue');
    const texts = issues.map((i) => i.textContent ?? '');
    await expect(texts.some((t) => t.includes('→'))).toBe(true);
    await expect(texts.some((t) => t.includes('NOPE'))).toBe(true);
  },
};
