/**
 * The search bar as a whole: the subject list's search fields as the reference server sends them (fixtures/lists),
 * every field type together, bad definitions shown in place, adding and removing items, reset, and the loading and
 * failed states of its definitions.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { defaultFieldTypes } from '../engine/fieldTypes/registry';
import { parseSearchFields } from '../engine/metadata/parseSearchFields';
import { listFixtures } from '../fixtures';
import allTypes from '../fixtures/metadata/searchFields.allTypes.json';
import invalidFields from '../fixtures/metadata/searchFields.invalid.json';
import { fakeFailure, pending } from '../renderers/testing/fakeApiClient';
import { codeListsFromFixtures, SearchBarStory, STORY_PATHS, storyClient } from './support/listStory';
import { issueMsg, label, msg } from './support/storyText';

const subjectFields = listFixtures.subjectSearchFields.data;

const body = (canvas: HTMLElement) => within(canvas.ownerDocument.body);
const button = (canvas: HTMLElement, id: string) =>
  within(canvas).getByRole('button', { name: msg(id, undefined, true) });
const spies = () => ({ onSearch: fn(), onReset: fn() });

const meta = {
  title: 'List/SearchBar',
  component: SearchBarStory,
  args: { definitions: subjectFields },
} satisfies Meta<typeof SearchBarStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The subject list's items: site and status from code lists (SITE is the role's sites), the custom initials item
 * hidden until added. Choosing a site searches by itself (300 ms).
 */
export const SubjectSearchFields: Story = {
  args: { ...spies() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByLabelText(label({ zh_CN: '受试者编号', en: 'Subject No.' }));
    await expect(canvas.queryByLabelText(label({ zh_CN: '姓名缩写', en: 'Initials' }))).toBeNull();
    const site = canvas.getByRole('combobox', { name: label({ zh_CN: '中心', en: 'Site' }) });
    await waitFor(() => expect(site).not.toHaveAttribute('aria-disabled', 'true'));
    fireEvent.mouseDown(site);
    const [bj01] = codeListsFromFixtures.SITE ?? [];
    fireEvent.click(await body(canvasElement).findByRole('option', { name: label(bj01!.codedesp) }));
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith({ siteid: bj01!.codevalue }));
    // each code list was asked for once
    await expect(storyClient(canvasElement).paramsOf('codeList')).toEqual(
      expect.arrayContaining([{ codelisttype: 'SITE' }, { codelisttype: 'SUBJSTATUS' }]),
    );
    await expect(storyClient(canvasElement).paramsOf('codeList')).toHaveLength(2);
  },
};

/** Every built-in field type in one bar; a hidden custom item is added and removed, and the choice is saved (500 ms). */
export const AllTypesAddAndRemove: Story = {
  args: { definitions: allTypes, ...spies() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const shown = allTypes.filter((d) => d.show);
    await waitFor(() =>
      expect(canvasElement.querySelectorAll('[data-testid^="search-item-"]')).toHaveLength(shown.length),
    );
    const initials = label({ zh_CN: '姓名缩写', en: 'Initials' });
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(msg('search.addItem').source) }));
    await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: initials }));
    await expect(await canvas.findByLabelText(initials)).toBeInTheDocument();
    await waitFor(() =>
      expect(storyClient(canvasElement).paramsOf('searchFieldShown')).toEqual([
        // the custom items in the bar (fixed items are the server's to show)
        { listKey: 'story', shown: [...shown.filter((d) => d.custom).map((d) => d.innerid), 'sf-hidden'] },
      ]),
    );
    await userEvent.click(
      canvas.getByRole('button', { name: msg('search.removeItem', { label: '姓名缩写' }) }),
    );
    await expect(canvas.queryByLabelText(initials)).toBeNull();
  },
};

const invalidIssues = parseSearchFields(invalidFields, defaultFieldTypes()).issues;

/** Bad definitions (searchFields.invalid.json) are named in place; the good items still search. */
export const InvalidDefinitions: Story = {
  args: { definitions: invalidFields, ...spies() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(invalidIssues.length).toBeGreaterThan(3);
    for (const issue of invalidIssues) {
      const item = await canvas.findByTestId(`search-invalid-${issue.path}`);
      await expect(item).toHaveTextContent(issueMsg(issue));
    }
    await userEvent.type(
      await canvas.findByLabelText(label({ zh_CN: '受试者编号', en: 'Subject no.' })),
      'SH01',
    );
    await userEvent.click(button(canvasElement, 'search.submit'));
    await expect(args.onSearch).toHaveBeenCalledWith({ subjid: 'SH01' });
  },
};

/** Reset brings back the definitions' initial values and searches with them. */
export const Reset: Story = {
  args: {
    definitions: (subjectFields as Record<string, unknown>[]).map((d) =>
      d.prop === 'subjid' ? { ...d, value: 'BJ01' } : d,
    ),
    initial: { subjid: 'SH01-0002' },
    ...spies(),
  },
  play: async ({ canvasElement, args }) => {
    const input = await within(canvasElement).findByLabelText(
      label({ zh_CN: '受试者编号', en: 'Subject No.' }),
    );
    await expect(input).toHaveValue('SH01-0002');
    await userEvent.click(button(canvasElement, 'search.reset'));
    await expect(args.onReset).toHaveBeenCalledWith({ subjid: 'BJ01' });
    await expect(input).toHaveValue('BJ01');
  },
};

/** The definitions are on their way. */
export const Loading: Story = {
  args: { api: { paths: { [STORY_PATHS.searchFields]: () => pending() } }, ...spies() },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar')).toBeInTheDocument();
    await expect(button(canvasElement, 'search.submit')).toBeDisabled();
  },
};

function failingOnce(): () => unknown {
  let failed = false;
  return () => {
    if (failed) return subjectFields;
    failed = true;
    throw fakeFailure('server', STORY_PATHS.searchFields);
  };
}

/** The definitions failed to load: said in place, with a retry. */
export const LoadFailed: Story = {
  args: { api: { paths: { [STORY_PATHS.searchFields]: failingOnce() } }, ...spies() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(msg('search.loadFailed'))).toBeInTheDocument();
    await userEvent.click(button(canvasElement, 'search.retry'));
    await expect(
      await canvas.findByLabelText(label({ zh_CN: '受试者编号', en: 'Subject No.' })),
    ).toBeInTheDocument();
  },
};
