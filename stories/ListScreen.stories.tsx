/**
 * The subject list as it ships: the ListScreen config of src/features/subjects/subjectListScreen.ts, its search fields,
 * columns, code lists and rows from the reference server's answers (fixtures/lists). Search, sort, paging, page size
 * kept for the session, a shared link, and opening a subject.
 */
import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import Box from '@mui/material/Box';
import { listDefinitionsUrl, selectColumns, selectSearchFields } from '../engine/api/lists';
import { SUBJECT_LIST_KEY, subjectList } from '../engine/api/subjects';
import type { IncomingParams } from '../engine/fieldTypes/types';
import type { GridRow } from '../engine/grid/types';
import { STORAGE_KEYS } from '../engine/session/storageKeys';
import { listFixtures } from '../fixtures';
import { ListScreen } from '../renderers/list/ListScreen';
import type { UrlParams } from '../renderers/list/useListQuery';
import { subjectListScreen } from '../src/features/subjects/subjectListScreen';
import {
  ListApi,
  pageOf,
  storySubjects,
  STORY_TIME_ZONE,
  rowsRequests,
  type RowsParams,
} from './support/listStory';
import { label, msg } from './support/storyText';

/** Every subject the fixtures hold (page 1 and the sorted + filtered page). */
const subjects: readonly GridRow[] = storySubjects(
  listFixtures.subjectList.data.list,
  listFixtures.subjectListSortedFiltered.data.list,
  45,
);

interface SubjectListStoryProps {
  openSubject(subjectid: string): void;
  /** The row action Overview (/index/subjectInfo). */
  openOverview?(subjectid: string): void;
  /** The list's URL params (a reload or a shared link); the screen keeps its own query without. */
  params?: IncomingParams;
  onParamsChange?(params: UrlParams): void;
  /** A page size chosen earlier in the session. */
  storedPageSize?: string;
}

/** The subject ListScreen, its endpoints answered from fixtures by the story's fake client. */
function SubjectListStory({
  openSubject,
  openOverview,
  params,
  onParamsChange,
  storedPageSize,
}: SubjectListStoryProps) {
  const [config] = useState(() => {
    if (storedPageSize) window.sessionStorage.setItem(STORAGE_KEYS.pageSize, storedPageSize);
    return subjectListScreen({ openSubject, ...(openOverview ? { openOverview } : {}) });
  });
  return (
    <ListApi
      setup={() => ({
        paths: {
          [listDefinitionsUrl(selectSearchFields, SUBJECT_LIST_KEY)]: listFixtures.subjectSearchFields.data,
          [listDefinitionsUrl(selectColumns, SUBJECT_LIST_KEY)]: listFixtures.subjectColumns.data,
          [subjectList.path]: (p: Record<string, unknown>) => pageOf(subjects, p as RowsParams),
        },
      })}
    >
      <Box sx={{ p: 2 }}>
        <ListScreen
          config={config}
          {...(params ? { params } : {})}
          {...(onParamsChange ? { onParamsChange } : {})}
          userTimeZone={STORY_TIME_ZONE}
          gridHeight={420}
          suppressRowVirtualisation
        />
      </Box>
    </ListApi>
  );
}

const rowIds = (canvas: HTMLElement) =>
  [...canvas.querySelectorAll('.ag-row[row-business-key]')]
    .sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')))
    .map((r) => r.getAttribute('row-business-key'));
const requests = (canvas: HTMLElement) => rowsRequests(canvas, subjectList.path);
const subjidLabel = label({ zh_CN: '受试者编号', en: 'Subject No.' });

const meta = {
  title: 'List/ListScreen',
  component: SubjectListStory,
  args: { openSubject: fn() },
} satisfies Meta<typeof SubjectListStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Search (Enter in a text item) goes back to page 1 with the search; a header click sorts on the server, keeping
 * the search.
 */
export const SubjectList: Story = {
  args: { openSubject: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: msg('subjects.title', undefined, true) }),
    ).toBeInTheDocument();
    await waitFor(() => expect(rowIds(canvasElement)).toHaveLength(20));
    await userEvent.click(canvas.getByRole('button', { name: msg('grid.page.next', undefined, true) }));
    await waitFor(() => expect(requests(canvasElement).at(-1)).toEqual({ page: 2, size: 20 }));

    const subjid = await canvas.findByLabelText(subjidLabel);
    await userEvent.type(subjid, 'SH01{Enter}');
    await waitFor(() =>
      expect(requests(canvasElement).at(-1)).toEqual({ subjid: 'SH01', page: 1, size: 20 }),
    );
    const shanghai = subjects.filter((s) => String(s.subjid).includes('SH01'));
    await waitFor(() => expect(rowIds(canvasElement)).toHaveLength(shanghai.length));

    const enrolled = [...canvasElement.querySelectorAll('.ag-header-cell')].find((h) =>
      label({ zh_CN: '入组日期', en: 'Enrolment date' }).test(
        h.querySelector('.ag-header-cell-text')?.textContent ?? '',
      ),
    );
    await userEvent.click(enrolled!.querySelector('.ag-header-cell-label')!);
    await waitFor(() =>
      expect(requests(canvasElement).at(-1)).toEqual({
        subjid: 'SH01',
        page: 1,
        size: 20,
        orderByField: 'enrolldate',
        asc: true,
      }),
    );
    const earliest = [...shanghai].sort((a, b) =>
      String(a.enrolldate).localeCompare(String(b.enrolldate)),
    )[0];
    await waitFor(() => expect(rowIds(canvasElement)[0]).toBe(earliest?.subjectid));
  },
};

/** A new page size asks for page 1 again and is kept for the session. */
export const PageSizeKept: Story = {
  args: { openSubject: fn() },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rowIds(canvasElement)).toHaveLength(20));
    fireEvent.mouseDown(
      within(canvasElement).getByRole('combobox', { name: msg('grid.rowsPerPage', undefined, true) }),
    );
    const listbox = await within(canvasElement.ownerDocument.body).findByRole('listbox');
    fireEvent.click(within(listbox).getByRole('option', { name: '50' }));
    await waitFor(() => expect(requests(canvasElement).at(-1)).toEqual({ page: 1, size: 50 }));
    await expect(window.sessionStorage.getItem(STORAGE_KEYS.pageSize)).toBe('50');
    await waitFor(() => expect(rowIds(canvasElement)).toHaveLength(Math.min(50, subjects.length)));
  },
};

/** The page size chosen earlier in the session is where the list starts. */
export const StoredPageSize: Story = {
  args: { openSubject: fn(), storedPageSize: '100' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(requests(canvasElement)[0]).toEqual({ page: 1, size: 100 }));
  },
};

/** A shared link (the list's URL params): the same search, sort and page as whoever sent it. */
export const FromSharedLink: Story = {
  args: {
    openSubject: fn(),
    onParamsChange: fn(),
    params: { page: '2', size: '20', status: ['2', '3'], orderByField: 'enrolldate', asc: 'false' },
  },
  play: async ({ canvasElement, args }) => {
    await waitFor(() =>
      expect(requests(canvasElement)[0]).toEqual({
        status: ['2', '3'],
        page: 2,
        size: 20,
        orderByField: 'enrolldate',
        asc: false,
      }),
    );
    // the search bar shows the link's search
    const status = await within(canvasElement).findByTestId('search-item-status');
    await waitFor(() => expect(status.querySelectorAll('.MuiChip-root')).toHaveLength(2));
    // a change is handed back as new URL params
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: msg('grid.page.previous', undefined, true) }),
    );
    await waitFor(() =>
      expect(args.onParamsChange).toHaveBeenCalledWith(expect.objectContaining({ page: '1' })),
    );
  },
};

/** The Open button (`render: openButton`) and a row click both open the subject. */
export const OpenSubject: Story = {
  args: { openSubject: fn() },
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(rowIds(canvasElement)).toHaveLength(20));
    const first = rowIds(canvasElement)[0];
    const open = canvasElement.querySelector<HTMLElement>(
      `.ag-row[row-business-key="${first}"] [data-testid="row-open"]`,
    );
    await userEvent.click(open!);
    await expect(args.openSubject).toHaveBeenCalledWith(first);
    const second = rowIds(canvasElement)[1];
    await userEvent.click(
      canvasElement.querySelector(`.ag-row[row-business-key="${second}"] .ag-cell[col-id="sitename"]`)!,
    );
    await expect(args.openSubject).toHaveBeenLastCalledWith(second);
  },
};

/** The row action Overview (a ListRowAction of the screen config) opens the subject's overview, not the subject. */
export const OpenOverview: Story = {
  args: { openSubject: fn(), openOverview: fn() },
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(rowIds(canvasElement)).toHaveLength(20));
    const second = rowIds(canvasElement)[1];
    const overview = canvasElement.querySelector<HTMLElement>(
      `.ag-row[row-business-key="${second}"] [data-testid="row-action-overview"]`,
    );
    await expect(overview).toHaveTextContent(msg('subject.overview'));
    await userEvent.click(overview!);
    await expect(args.openOverview).toHaveBeenCalledWith(second);
    await expect(args.openSubject).not.toHaveBeenCalled();
  },
};
