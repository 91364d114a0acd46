/**
 * Whole CDASH forms of the demo study (fixtures/forms/schemas) and their rules in action: show/hide, calculated
 * items, hard and soft checks — each asserted by a play function.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { aeSchema, dmSchema, generateBigForm, vsSchema } from '../../fixtures/forms';
import { InputAssistProvider } from '../../renderers/ecrf/widgets/inputAssist';
import { label, msg } from '../support/storyText';
import { codeListApi, EcrfStory } from './support/EcrfStory';

const meta = {
  title: 'eCRF/CDASH forms',
  component: EcrfStory,
  args: { schema: vsSchema },
  parameters: codeListApi,
} satisfies Meta<typeof EcrfStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const row = (canvas: HTMLElement, variable: string) => within(canvas).getByTestId(`ecrf-row-${variable}`);
const textbox = (canvas: HTMLElement, variable: string) => within(row(canvas, variable)).getByRole('textbox');
const enter = (canvas: HTMLElement, variable: string, value: string) =>
  fireEvent.change(textbox(canvas, variable), { target: { value } });
const levels = (canvas: HTMLElement, variable: string) =>
  [...row(canvas, variable).querySelectorAll<HTMLElement>('.ecrf-problem')].map((p) => p.dataset.level);

/** Vital signs as the site sees it: dates, blood pressure, pulse, temperature, weight, height and BMI. */
export const VitalSigns: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByLabelText(label({ zh_CN: '收缩压', en: 'Systolic blood pressure' })),
    ).toBeInTheDocument();
    await expect(row(canvasElement, 'SYSBP')).toHaveTextContent('mmHg');
  },
};

/** Demographics: age derived from the birth date (a partial birth date gives no age), sex from the SEX code list. */
export const Demographics: Story = {
  args: { schema: dmSchema, values: { DMDAT: '2026-11-01', BRTHDAT: '1980-05-14' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('ecrf-calc-AGE')).toHaveTextContent('46');
    await expect(await within(row(canvasElement, 'SEX')).findAllByRole('radio')).toHaveLength(2);
  },
};

/** Show rule: childbearing potential is asked only for women (and required then). */
export const ShowHide: Story = {
  args: { schema: dmSchema },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sex = row(canvasElement, 'SEX');
    await expect(canvas.queryByTestId('ecrf-row-CHILDPOT')).toBeNull();
    await userEvent.click(await within(sex).findByRole('radio', { name: /^(女|Female)$/ }));
    const childpot = await canvas.findByTestId('ecrf-row-CHILDPOT');
    await expect(childpot.querySelector('.ecrf-required')).not.toBeNull();
    await userEvent.click(within(sex).getByRole('radio', { name: /^(男|Male)$/ }));
    await waitFor(() => expect(canvas.queryByTestId('ecrf-row-CHILDPOT')).toBeNull());
  },
};

/** Calculated BMI follows weight and height as they are typed; an implausible BMI warns (soft check). */
export const CalculatedBmi: Story = {
  play: async ({ canvasElement }) => {
    const bmi = within(canvasElement).getByTestId('ecrf-calc-BMI');
    enter(canvasElement, 'WEIGHT', '70');
    enter(canvasElement, 'HEIGHT', '175');
    await expect(bmi).toHaveTextContent('22.9');
    await expect(levels(canvasElement, 'BMI')).toEqual([]);
    enter(canvasElement, 'WEIGHT', '140');
    enter(canvasElement, 'HEIGHT', '150');
    await expect(bmi).toHaveTextContent('62.2');
    await expect(levels(canvasElement, 'BMI')).toContain('warning');
  },
};

/** Soft and hard checks: a soft range warns, a hard range and a cross-item hard check refuse. */
export const SoftAndHardChecks: Story = {
  play: async ({ canvasElement }) => {
    enter(canvasElement, 'SYSBP', '150');
    await expect(levels(canvasElement, 'SYSBP')).toEqual(['warning']);
    await expect(row(canvasElement, 'SYSBP')).toHaveTextContent(
      msg('form.outOfSoftRange', { min: 90, max: 140 }),
    );
    enter(canvasElement, 'SYSBP', '260');
    await expect(levels(canvasElement, 'SYSBP')).toEqual(['error']);
    enter(canvasElement, 'SYSBP', '80');
    enter(canvasElement, 'DIABP', '85');
    await expect(row(canvasElement, 'DIABP')).toHaveTextContent(
      /舒张压必须低于收缩压|Diastolic blood pressure must be lower than systolic blood pressure/,
    );
    await expect(levels(canvasElement, 'DIABP')).toContain('error');
    // fixing the other item clears the check (dependents are re-checked)
    enter(canvasElement, 'SYSBP', '120');
    await expect(levels(canvasElement, 'DIABP')).not.toContain('error');
  },
};

/** The generated 500-item form of the extended assessment: mounted chunk by chunk, all items in the end. */
export const BigForm: Story = {
  args: { schema: generateBigForm(500) },
  play: async ({ canvasElement }) => {
    const form = within(canvasElement).getByTestId('ecrf-form');
    await waitFor(() => expect(form).toHaveAttribute('data-mounted', 'all'), { timeout: 15000 });
    await expect(form.querySelectorAll('.ecrf-row').length).toBeGreaterThan(400);
  },
};

const EARLIER_TERMS = [
  { value: 'Headache', label: { zh_CN: '头痛', en: 'Headache' } },
  { value: 'Hepatitis', label: { zh_CN: '肝炎', en: 'Hepatitis' } },
  { value: 'Hypertension', label: { zh_CN: '高血压', en: 'Hypertension' } },
  { value: 'Nausea', label: { zh_CN: '恶心', en: 'Nausea' } },
];

/**
 * Input assistance: the adverse event term (`inputAssist`) offers terms entered earlier in the study while typing,
 * after a short pause, in the input's suggestion list; items without it ask for nothing.
 */
export const AdverseEventTermSuggestions: Story = {
  args: { schema: aeSchema },
  parameters: {
    app: {
      api: {
        ...codeListApi.app.api,
        dataInputAsst: ({ q }: { q?: string }) =>
          EARLIER_TERMS.filter((term) => term.value.toLowerCase().startsWith((q ?? '').toLowerCase())),
      },
    },
  },
  render: (args) => (
    <InputAssistProvider tid={args.schema.tid}>
      <EcrfStory {...args} />
    </InputAssistProvider>
  ),
  play: async ({ canvasElement }) => {
    // with its suggestion list the input is a combobox (a text input with a list)
    const input = within(row(canvasElement, 'AETERM')).getByRole('combobox');
    const listId = input.getAttribute('list');
    await expect(listId).not.toBeNull();
    fireEvent.change(input, { target: { value: 'He' } });
    const values = () =>
      [...(canvasElement.ownerDocument.getElementById(listId ?? '')?.querySelectorAll('option') ?? [])].map(
        (o) => o.value,
      );
    await waitFor(() => expect(values()).toEqual(['Headache', 'Hepatitis']));
    await expect(input).toHaveValue('He');
  },
};
