/**
 * The home page's to-dos and site statistics (issue 12), fed by the server's fixtures (fixtures/statistics): crc.li's
 * to-dos at BJ01 and the statistics of BJ01 and SH01; a monitor with nothing to do; every chart switched to its table.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import Box from '@mui/material/Box';
import { statisticsFixtures } from '../../fixtures';
import { SiteStatistics } from '../../src/features/statistics/SiteStatistics';
import { TaskList } from '../../src/features/statistics/TaskList';
import type { AppStoryParameters } from '../support/StoryHarness';
import { msg } from '../support/storyText';

function Home() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <TaskList />
      <SiteStatistics />
    </Box>
  );
}

const meta = {
  title: 'Statistics/Home',
  component: Home,
  parameters: {
    app: {
      api: {
        myTaskInfo: statisticsFixtures.myTaskInfo.data,
        siteStatistics: statisticsFixtures.siteStatistics.data,
      },
    } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof Home>;

export default meta;
type Story = StoryObj<typeof meta>;

/** CRC at BJ01: pages to enter and pages with warnings; subjects, enrolment and pages as charts. */
export const SiteUser: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('task-pagesToEnter')).toHaveTextContent(msg('tasks.pagesToEnter'));
    await expect(await canvas.findByTestId('chart-subjects-chart')).toBeInTheDocument();
  },
};

/** A monitor before queries and SDV count anything: nothing to do, said so. */
export const NothingToDo: Story = {
  parameters: {
    app: {
      api: {
        myTaskInfo: statisticsFixtures.myTaskInfoMonitor.data,
        siteStatistics: statisticsFixtures.siteStatistics.data,
      },
    } satisfies AppStoryParameters,
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(msg('tasks.none'))).toBeInTheDocument();
  },
};

/** Every chart readable as a table: the pages of each dated visit by status. */
export const AsTables: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pages = await canvas.findByTestId('chart-pages');
    await userEvent.click(within(pages).getByTestId('chart-pages-show-table'));
    const rows = within(within(pages).getByTestId('chart-pages-table')).getAllByRole('row');
    await expect(rows).toHaveLength(1 + statisticsFixtures.siteStatistics.data.pages.length);
  },
};
