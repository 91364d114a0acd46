/**
 * The data export page (/index/studyExport; docs/interchange.md), fed by the server's fixtures
 * (fixtures/interchange): the user's jobs with their progress; a finished CSV export downloaded (as a file: name,
 * type and bytes); the forms a CSV export may choose, from the server.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { interchangeFixtures as fx } from '../../fixtures/interchange';
import { interchangeForms } from '../../engine/api/interchange';
import type { DownloadedFile } from '../../engine/api/fileAnswer';
import { fakeFailure } from '../../renderers/testing/fakeApiClient';
import { StudyExportPage } from '../../src/features/interchange/StudyExportPage';
import type { AppStoryParameters } from '../support/StoryHarness';
import { msg } from '../support/storyText';

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

/** The downloaded CSV's bytes (the client's Blob): a BOM, then the header row. */
const CSV_TEXT =
  '\uFEFFsitecode,subjid,visitnum,cycnum,tid,lineno,BRTHDAT\r\nBJ01,BJ01-0001,V1,1,DM,1,1980-05-01\r\n';

/** A finished export: its progress full, ready; the download saves the server's file — its name, type and bytes. */
export const Finished: Story = {
  parameters: {
    app: {
      api: {
        interchangeDownload: () => ({
          ...fx.interchangeDownload.data,
          blob: new Blob([CSV_TEXT], { type: fx.interchangeDownload.data.mimetype }),
        }),
      },
    } satisfies AppStoryParameters,
  },
  play: async ({ args }) => {
    const job = await body().findByTestId('study-export-job');
    expect(job.getAttribute('data-state')).toBe('done');
    await userEvent.click(within(job).getByTestId('study-export-download'));
    await waitFor(() => expect(args.save).toHaveBeenCalledTimes(1));
    const saved = (args.save as unknown as { mock: { calls: [DownloadedFile][] } }).mock.calls[0]![0];
    expect(saved.filename).toBe('DEMO-001-BJ01-20260302T0132-DM.csv');
    expect(saved.mimetype).toBe('text/csv');
    expect(saved.blob.type).toBe('text/csv');
    const bytes = new Uint8Array(await saved.blob.arrayBuffer());
    // UTF-8 BOM, then the CSV's header row
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3, 20))).toBe('sitecode,subjid,v');
    expect(bytes.length).toBe(new TextEncoder().encode(CSV_TEXT).length);
  },
};

let formsRetried = false;

/** The study's forms cannot be read (forms.do failed): said so in the user's language, and Retry reads them. */
export const FormsFailed: Story = {
  parameters: {
    app: {
      api: {
        interchangeForms: () => {
          if (!formsRetried) throw fakeFailure('network', interchangeForms.path);
          return fx.interchangeForms.data;
        },
      },
    } satisfies AppStoryParameters,
  },
  play: async () => {
    const failed = await body().findByTestId('study-export-forms-failed');
    expect(failed).toHaveTextContent(msg('interchange.export.formsFailed'));
    formsRetried = true;
    await userEvent.click(within(failed).getByRole('button'));
    await waitFor(() => expect(body().queryByTestId('study-export-forms-failed')).toBeNull());
    fireEvent.mouseDown(body().getAllByRole('combobox')[0]!);
    fireEvent.click(await body().findByTestId('study-export-kind-csv'));
    await waitFor(() =>
      expect((body().getByTestId('study-export-form') as HTMLInputElement).value).toBe(
        fx.interchangeForms.data.list[0]!.tid,
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
