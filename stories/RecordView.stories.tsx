/**
 * RecordView: one row shown as label–value pairs through its list's column set (the subject page uses it), with the
 * same formatting as the grid — code-list labels, dates, the user's time zone — and bad columns naming their issue.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { GridRow } from '../engine/grid/types';
import { listFixtures } from '../fixtures';
import invalidColumns from '../fixtures/metadata/columns.invalid.json';
import { RecordView } from '../renderers/record/RecordView';
import { ListApi, STORY_PATHS, STORY_TIME_ZONE } from './support/listStory';
import { msg } from './support/storyText';

function RecordStory({ columns, row }: { columns: unknown; row: GridRow }) {
  return (
    <ListApi setup={() => ({ paths: { [STORY_PATHS.columns]: columns as object } })}>
      <RecordView
        columnsPath={STORY_PATHS.columns}
        row={row}
        userTimeZone={STORY_TIME_ZONE}
        testIdPrefix="record"
      />
    </ListApi>
  );
}

const meta = {
  title: 'List/RecordView',
  component: RecordStory,
  args: { columns: listFixtures.subjectColumns.data, row: listFixtures.subjectInfo.data },
} satisfies Meta<typeof RecordStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The subject of the fixtures through the subject list's columns: labels from code lists, no Open button. */
export const Subject: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const status = await canvas.findByTestId('record-status');
    // code 2 of SUBJSTATUS, once the code list has arrived
    await waitFor(() => expect(status).toHaveTextContent(/(已入组|Enrolled)$/));
    await expect(canvas.getByTestId('record-sitecode')).toHaveTextContent(
      listFixtures.subjectInfo.data.sitecode,
    );
    await expect(canvas.queryByTestId('record-open')).toBeNull();
  },
};

/** Bad column definitions show their issue in place of the label; the good ones still show their value. */
export const InvalidColumns: Story = {
  args: { columns: invalidColumns, row: { subjid: 'BJ01-0001', sitename: '北京协和医院' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(msg('meta.columnNeedsPropOrChildren', { path: 'columns[1]' })),
    ).toBeTruthy();
    await expect(canvas.getByTestId('record-subjid')).toHaveTextContent('BJ01-0001');
  },
};
