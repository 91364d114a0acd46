/**
 * The data export page (/index/studyExport; docs/interchange.md), fed by the server's fixtures
 * (fixtures/interchange): the user's jobs with their progress; a finished CSV export downloaded (as a file: name,
 * type and bytes); the forms a CSV export may choose, from the server.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { interchangeFixtures as fx } from '../../fixtures/interchange';
import { StudyExportPage } from '../../src/features/interchange/StudyExportPage';
import type { AppStoryParameters } from '../support/StoryHarness';

const body = () => within(document.body);

const meta = {
  title: 'Interchange/Data export',
  component: StudyExportPage,
  args: { save: fn() },
  parameters: {
    app: {
      api: {
        interchangeJobs: fx.interchangeJobs.data,
        interchangeJob: fx.interchangeJob.data,
        interchangeExport: fx.interchangeExport.data,
        interchangeDownload: fx.interchangeDownload.data,
        interchangeForms: fx.interchangeForms.data,
      },
    } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof StudyExportPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A finished export: its progress full, ready; the download saves the server's file. */
export const Finished: Story = {
  play: async ({ args }) => {
    const job = await body().findByTestId('study-export-job');
    expect(job.getAttribute('data-state')).toBe('done');
    await userEvent.click(within(job).getByTestId('study-export-download'));
    await waitFor(() =>
      expect(args.save).toHaveBeenCalledWith(
        expect.objectContaining({
          filename: fx.interchangeDownload.data.filename,
          mimetype: fx.interchangeDownload.data.mimetype,
          blob: expect.any(Blob),
        }),
      ),
    );
  },
};

/** A CSV export offers the study's own forms (forms.do), not a fixed list; the first is chosen. */
export const CsvForms: Story = {
  play: async () => {
    await body().findByTestId('study-export-job');
    fireEvent.mouseDown(body().getAllByRole('combobox')[0]!);
    fireEvent.click(await body().findByTestId('study-export-kind-csv'));
    const first = fx.interchangeForms.data.list[0]!;
    await waitFor(() =>
      expect((body().getByTestId('study-export-form') as HTMLInputElement).value).toBe(first.tid),
    );
    fireEvent.mouseDown(body().getAllByRole('combobox')[1]!);
    for (const f of fx.interchangeForms.data.list)
      expect(await body().findByTestId(`study-export-form-${f.tid}`)).toBeTruthy();
  },
};

/** Starting an export asks the server for the job (kind and form). */
export const Start: Story = {
  play: async () => {
    await body().findByTestId('study-export-job');
    await userEvent.click(body().getByTestId('study-export-start'));
    await waitFor(() => expect(body().queryByTestId('study-export-refusal')).toBeNull());
  },
};
