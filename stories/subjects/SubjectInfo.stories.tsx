/**
 * The subject overview (/index/subjectInfo, issue 12), fed by the server's fixtures: BJ01-0002 of the subject list
 * with its marked visit grid (fixtures/visits) and its query counts (fixtures/queries), and a subject of another
 * site, which the server refuses (fixtures/lists/subjectInfo.notFound.json).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { failures, listFixtures, queryFixtures, visitFixtures } from '../../fixtures';
import { listDefinitionsUrl, selectColumns } from '../../engine/api/lists';
import { SUBJECT_LIST_KEY } from '../../engine/api/subjects';
import { fakeFailure, type FakeHandlers } from '../../renderers/testing/fakeApiClient';
import { SubjectInfoPage } from '../../src/features/subjects/info/SubjectInfoPage';
import { subjectInfoPath } from '../../src/routing/paths';
import { ListApi } from '../support/listStory';
import type { AppStoryParameters } from '../support/StoryHarness';
import { msg } from '../support/storyText';

const SUBJECT = listFixtures.subjectList.data.list.find((r) => r.subjectid === 'subj-bj01-0002')!;

const found: FakeHandlers = {
  subjectInfo: () => SUBJECT,
  visitList: visitFixtures.visitListMarked.data,
  selectNoCHQueryStatus: queryFixtures.selectNoCHQueryStatus.data,
};
const refused: FakeHandlers = {
  ...found,
  subjectInfo: () => {
    throw fakeFailure('business', 'subject/subjectinfo.do', failures.subjectInfo.msg);
  },
};

function SubjectInfoStory({ handlers }: { handlers: FakeHandlers }) {
  return (
    <ListApi
      setup={() => ({
        handlers,
        paths: { [listDefinitionsUrl(selectColumns, SUBJECT_LIST_KEY)]: listFixtures.subjectColumns.data },
      })}
    >
      <SubjectInfoPage />
    </ListApi>
  );
}

const meta = {
  title: 'Subjects/SubjectInfo',
  component: SubjectInfoStory,
  args: { handlers: found },
  parameters: { app: { path: subjectInfoPath(SUBJECT.subjectid) } satisfies AppStoryParameters },
} satisfies Meta<typeof SubjectInfoStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** BJ01-0002: base info, the timeline (V4 not occurred), 2 open queries and the pages of V2 and UNS to enter. */
export const Overview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('subject-info-number')).toHaveTextContent(SUBJECT.subjid);
    await expect(await canvas.findByTestId('subject-info-visit-mark-V4.1.1')).toHaveTextContent(
      msg('visit.mark.unoccurred'),
    );
    await expect(await canvas.findByTestId('subject-info-to-enter-V2.1.1')).toBeInTheDocument();
    await expect(canvas.queryByTestId('subject-info-to-enter-V3.1.1')).toBeNull();
  },
};

/** A subject of another site: the server's refusal, said in place; no visits shown. */
export const OtherSite: Story = {
  args: { handlers: refused },
  parameters: { app: { path: subjectInfoPath('subj-sh01-0001') } satisfies AppStoryParameters },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(msg('subject.notAvailable'))).toBeInTheDocument();
    await expect(canvas.queryByTestId('subject-info-visit-V1.1.1')).toBeNull();
  },
};
