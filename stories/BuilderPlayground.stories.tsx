/**
 * The builder playground: edit search-field definitions and a column set as JSON and see the list they make, with
 * every problem listed (JSON syntax by line and column; definitions by path, prop and what is wrong). It starts from
 * the subject list's seed definitions (fixtures/lists/*.def.json) and the rows the reference server sent.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { listDefinitions, listFixtures } from '../fixtures';
import { aeSchema, cmSchema } from '../fixtures/forms';
import { lineAndColumn } from '../renderers/builder/jsonSyntax';
import { BuilderPlayground, type ListSample } from './support/BuilderPlayground';
import { editorCursor, editorMarkers, setEditorText } from './support/editorKit';
import { label, msg } from './support/storyText';

type Raw = Record<string, unknown>;
const searchFields = listDefinitions.subjectSearchFields as Raw[];
const columns = listDefinitions.subjectColumns as Raw[];
const pretty = (value: unknown) => JSON.stringify(value, null, 2);

const issues = (canvas: HTMLElement, id: 'searchFields' | 'columns') =>
  within(canvas).getByTestId(`builder-problems-${id}`);

/** Every list definition of fixtures/: the subject list's, and the log-line forms' column sets. */
const samples: ListSample[] = [
  { id: 'subjects', label: { zh_CN: '受试者列表', en: 'Subject list' }, searchFields, columns },
  ...[aeSchema, cmSchema].map((schema) => ({
    id: `${schema.tid}-columns`,
    label:
      typeof schema.name === 'string'
        ? schema.name
        : { zh_CN: `${schema.name.zh_CN}（日志行列）`, en: `${schema.name.en} (log-line columns)` },
    searchFields: [],
    columns: schema.columns ?? [],
  })),
];
const rowCount = (canvas: HTMLElement) => canvas.querySelectorAll('.ag-row[row-id]').length;
const headerTexts = (canvas: HTMLElement) =>
  [...canvas.querySelectorAll('.ag-header-cell-text')].map((h) => h.textContent ?? '');

const meta = {
  title: 'List/Builder playground',
  component: BuilderPlayground,
  args: { searchFields, columns, sampleRows: listFixtures.subjectList.data.list, samples },
  argTypes: { draftKey: { control: false }, samples: { control: false } },
} satisfies Meta<typeof BuilderPlayground>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The builders' list playground: opens the subject list's definitions (or the edits kept from last time, or a share
 * link's); pick the log-line forms' column sets above the editors.
 */
export const Playground: Story = {
  args: { draftKey: 'list-definitions' },
};

/** The subject list's definitions, as a builder starts from them. */
export const SubjectList: Story = {
  args: { onOpen: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByLabelText(label({ zh_CN: '受试者编号', en: 'Subject No.' })),
    ).toBeInTheDocument();
    await waitFor(() => expect(rowCount(canvasElement)).toBe(20));
    await expect(issues(canvasElement, 'searchFields')).toHaveTextContent(msg('builder.noIssues'));
    await expect(issues(canvasElement, 'columns')).toHaveTextContent(msg('builder.noIssues'));
    // what a search asks the server for
    await userEvent.type(
      canvas.getByLabelText(label({ zh_CN: '受试者编号', en: 'Subject No.' })),
      'BJ01{Enter}',
    );
    await waitFor(() =>
      expect(canvas.getByTestId('builder-last-request')).toHaveTextContent('"subjid":"BJ01"'),
    );
  },
};

/**
 * Breaking a search field: the problem is listed with its path and prop, marked on its definition (the list entry
 * jumps there) and shown in place of its item, while the other items keep working.
 */
export const BreakingSearchFields: Story = {
  args: { onOpen: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const subjid = label({ zh_CN: '受试者编号', en: 'Subject No.' });
    await canvas.findByLabelText(subjid);
    await waitFor(() => expect(rowCount(canvasElement)).toBe(20));

    // a search field of an unknown type
    const badSearch = searchFields.map((f, i) => (i === 1 ? { ...f, fieldtype: 'colour' } : f));
    const badSearchText = pretty(badSearch);
    setEditorText(canvasElement, 'searchFields', badSearchText);
    const unknownType = msg('meta.unknownFieldtype', {
      path: 'searchFields[1]',
      prop: 'siteid',
      fieldtype: 'colour',
    });
    await waitFor(() => expect(issues(canvasElement, 'searchFields')).toHaveTextContent(unknownType));
    await expect(await canvas.findByTestId('search-invalid-searchFields[1]')).toHaveTextContent(unknownType);
    // marked on the definition's first line, and the list entry jumps there
    const second = badSearchText.indexOf('{', badSearchText.indexOf('}'));
    await waitFor(() =>
      expect(editorMarkers(canvasElement, 'searchFields')[0]?.line).toBe(
        lineAndColumn(badSearchText, second).line,
      ),
    );
    await userEvent.click(within(issues(canvasElement, 'searchFields')).getByTestId('builder-problem'));
    await waitFor(() => expect(editorCursor(canvasElement, 'searchFields').pos).toBe(second));
    await expect(await canvas.findByLabelText(subjid)).toBeInTheDocument();
  },
};

/**
 * Breaking the column set: a column with an unknown renderer is listed and shown in its header while the other
 * columns keep working; a JSON syntax error is marked on its line and the preview keeps the last columns that could
 * be read.
 */
export const BreakingColumns: Story = {
  args: { onOpen: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByLabelText(label({ zh_CN: '受试者编号', en: 'Subject No.' }));
    await waitFor(() => expect(rowCount(canvasElement)).toBe(20));

    // a column with a renderer nobody registered
    const badColumns = columns.map((c, i) => (i === 0 ? { ...c, render: 'sparkline' } : c));
    setEditorText(canvasElement, 'columns', pretty(badColumns));
    const unknownRender = msg('meta.unknownRender', {
      path: 'columns[0]',
      prop: 'subjid',
      render: 'sparkline',
    });
    await waitFor(() => expect(issues(canvasElement, 'columns')).toHaveTextContent(unknownRender));
    await waitFor(() => expect(headerTexts(canvasElement).some((t) => unknownRender.test(t))).toBe(true));
    await waitFor(() => expect(rowCount(canvasElement)).toBe(20));
    await expect(
      headerTexts(canvasElement).some((t) => label({ zh_CN: '中心名称', en: 'Site' }).test(t)),
    ).toBe(true);

    // a missing comma: line and column, and the preview stays as it was
    const text = pretty(badColumns);
    const comma = text.indexOf(',\n    "label"');
    const broken = text.slice(0, comma) + text.slice(comma + 1);
    setEditorText(canvasElement, 'columns', broken);
    const at = lineAndColumn(broken, broken.indexOf('"label"'));
    await waitFor(() =>
      expect(issues(canvasElement, 'columns')).toHaveTextContent(
        msg('builder.jsonError', { ...at, found: '"' }),
      ),
    );
    await waitFor(() => expect(editorMarkers(canvasElement, 'columns')[0]?.line).toBe(at.line));
    await expect(canvas.getByTestId('builder-stale')).toHaveTextContent(msg('builder.stalePreview'));
    await expect(headerTexts(canvasElement).some((t) => unknownRender.test(t))).toBe(true);

    // back to the example
    await userEvent.click(canvas.getByRole('button', { name: msg('builder.restore', undefined, true) }));
    await waitFor(() => expect(issues(canvasElement, 'columns')).toHaveTextContent(msg('builder.noIssues')));
    await expect(issues(canvasElement, 'searchFields')).toHaveTextContent(msg('builder.noIssues'));
  },
};

/** Not a list at all: said for the whole set, and the preview keeps working with what it has. */
export const NotAList: Story = {
  args: { searchFields: { prop: 'subjid' } },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(issues(canvasElement, 'searchFields')).toHaveTextContent(
        msg('meta.notAList', { path: 'searchFields', prop: '?' }),
      ),
    );
    await waitFor(() => expect(rowCount(canvasElement)).toBe(20));
  },
};
