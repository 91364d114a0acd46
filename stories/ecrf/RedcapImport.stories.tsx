/**
 * A form imported from a REDCap data dictionary (issue 17, docs/interchange-redcap.md): REDCap's HTML labels shown
 * as sanitised formatted text (`labelFormat: 'html'`) — bold, colour, links kept; a `<script>` and an `onerror`
 * attribute in a label removed — and REDCap's branching and calculation running in the engine.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { RawFormSchema } from '../../engine/form/types';
import { importRedcapDictionary } from '../../engine/interchange/redcap/importDictionary';
import { dictionaryCsv } from '../../engine/interchange/redcap/dictionaryCsv';
import { EcrfStory } from './support/EcrfStory';

const imported = importRedcapDictionary(
  dictionaryCsv([
    {
      variable: 'intro',
      type: 'descriptive',
      label: '<p>Please <b>check</b> the <span style="color: #c00">source document</span> first.</p>',
    },
    {
      variable: 'weight',
      type: 'text',
      validation: 'number',
      label: 'Weight <i>(kg)</i><script>window.__redcapXss = 1</script>',
      min: '30',
      max: '200',
    },
    {
      variable: 'height',
      type: 'text',
      validation: 'integer',
      label: 'Height <sup>cm</sup><img src="x" onerror="window.__redcapXss = 2">',
    },
    { variable: 'bmi', type: 'calc', label: '<b>BMI</b>', choices: 'round([weight]/(([height]/100)^2),1)' },
    { variable: 'smoker', type: 'yesno', label: 'Smoker? <a href="https://redcap.example/help">help</a>' },
    {
      variable: 'packs',
      type: 'text',
      validation: 'number',
      label: 'Packs a day',
      branching: "[smoker] = '1'",
    },
  ]),
);
const schema = imported.definition!.forms[0]! as RawFormSchema;
const lists = Object.fromEntries(imported.definition!.codeLists.map((l) => [l.name, l.items]));

const meta = {
  title: 'eCRF/REDCap import',
  component: EcrfStory,
  args: { schema },
  parameters: {
    app: {
      api: { codeList: ({ codelisttype }: { codelisttype: string }) => [...(lists[codelisttype] ?? [])] },
    },
  },
} satisfies Meta<typeof EcrfStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const row = (canvas: HTMLElement, variable: string) => within(canvas).getByTestId(`ecrf-row-${variable}`);

/** HTML labels as formatted text; nothing in them runs. */
export const HtmlLabels: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(row(canvasElement, 'intro')).toBeTruthy());
    const intro = row(canvasElement, 'intro');
    // the sanitiser is its own chunk: the label shows its text first, then the formatting
    await waitFor(() => expect(intro.querySelector('b')?.textContent).toBe('check'));
    expect(intro.querySelector('span[style]')?.getAttribute('style')).toBe('color: #c00');
    expect(intro.textContent).toContain('Please check the source document first.');
    expect(row(canvasElement, 'weight').querySelector('i')?.textContent).toBe('(kg)');
    expect(canvasElement.querySelector('.ecrf-html-label script')).toBeNull();
    expect(canvasElement.querySelector('.ecrf-html-label img')).toBeNull();
    expect(canvasElement.innerHTML).not.toContain('onerror');
    expect((window as { __redcapXss?: number }).__redcapXss).toBeUndefined();
    const link = row(canvasElement, 'smoker').querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://redcap.example/help');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  },
};

/** REDCap's branching logic and calculation, translated, run as the user types. */
export const BranchingAndCalc: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(row(canvasElement, 'weight')).toBeTruthy());
    expect(canvasElement.querySelector('[data-testid="ecrf-row-packs"]')).toBeNull();
    await userEvent.type(within(row(canvasElement, 'weight')).getByRole('textbox'), '70');
    await userEvent.type(within(row(canvasElement, 'height')).getByRole('textbox'), '175');
    await waitFor(() => expect(row(canvasElement, 'bmi').textContent).toContain('22.9'));
    await userEvent.click(within(row(canvasElement, 'smoker')).getAllByRole('radio')[0]!);
    await waitFor(() => expect(canvas.getByTestId('ecrf-row-packs')).toBeTruthy());
  },
};
