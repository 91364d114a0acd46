/**
 * The study import page (/index/studyImport; docs/interchange.md), fed by the server's fixtures
 * (fixtures/interchange): a file whose report has errors (a form that does not compile: publish disabled), and a
 * clean file previewed with the eCRF renderer (its imported code list filled in) and published after confirmation.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { interchangeFixtures as fx } from '../../fixtures/interchange';
import { StudyImportPage } from '../../src/features/interchange/StudyImportPage';
import type { AppStoryParameters } from '../support/StoryHarness';
import { msg } from '../support/storyText';

const body = () => within(document.body);
const file = (name: string) => new File(['<ODM/>'], name, { type: 'text/xml' });

const api = {
  interchangeImports: fx.interchangeImports.data,
  interchangeImport: fx.interchangeImport.data,
  interchangePublish: fx.interchangePublish.data,
  interchangeDiscard: fx.interchangeDiscard.data,
};

const meta = {
  title: 'Interchange/Study import',
  component: StudyImportPage,
  parameters: {
    app: { api: { ...api, interchangeAssess: fx.interchangeAssess.data } } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof StudyImportPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Clean: no issues, the form previewed with its imported options; publish asks, then shows the new version. */
export const PreviewThenPublish: Story = {
  play: async () => {
    await userEvent.upload(await body().findByTestId('study-import-file'), file('qol-study.xml'));
    await userEvent.click(body().getByTestId('study-import-upload'));
    await body().findByTestId('study-import-no-issues');
    const preview = await body().findByTestId('study-import-preview');
    await waitFor(() => expect(within(preview).getAllByText(/^(好|Good)$/)[0]).toBeTruthy());
    await userEvent.click(body().getByTestId('study-import-publish'));
    await userEvent.click(await body().findByTestId('study-import-confirm-publish'));
    await body().findByTestId('study-import-published');
  },
};

/** A form that does not compile: the errors listed with where they are, publishing disabled. */
export const WithErrors: Story = {
  parameters: {
    app: { api: { ...api, interchangeAssess: fx.interchangeAssessErrors.data } } satisfies AppStoryParameters,
  },
  play: async () => {
    await userEvent.upload(await body().findByTestId('study-import-file'), file('study-with-errors.xml'));
    await userEvent.click(body().getByTestId('study-import-upload'));
    const errors = await body().findByTestId('study-import-issues');
    expect(errors.getAttribute('data-severity')).toBe('error');
    expect(within(errors).getAllByTestId('study-import-issue')[0]?.textContent).toMatch(/form IMPBAD/);
    expect((body().getByTestId('study-import-publish') as HTMLButtonElement).disabled).toBe(true);
    // the report in three words: every item faithful, one finding not supported (the form that does not compile)
    expect(body().getByTestId('study-import-outcomes').textContent).toMatch(
      msg('interchange.import.outcomes', {
        faithful: 4,
        items: 4,
        approximated: 0,
        unsupported: 1,
        notes: 0,
      }),
    );
  },
};
