/**
 * Medical coding (issue 14), fed by the server's fixtures (fixtures/medCoding): a term's coding — auto-coded with its
 * MedDRA hierarchy, to code, recoded with its history (who, when, from → to, why) — and the coder's form: search the
 * dictionary, choose an entry, code; a recode asks for its reason before any request.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import Box from '@mui/material/Box';
import { medCodingFixtures } from '../../fixtures';
import { fakeFailure } from '../../renderers/testing/fakeApiClient';
import { CodingPanel } from '../../src/features/medCoding/CodingPanel';
import { ImportDictionaryDialog } from '../../src/features/medCoding/ImportDictionaryDialog';
import { ListApi, storyClient } from '../support/listStory';
import { msg } from '../support/storyText';

const nausea = medCodingFixtures.getCodingInfo.data!;
const fatigue = medCodingFixtures.getCodingInfoUncoded.data!;
const recoded = medCodingFixtures.getCodingInfoRecoded.data!;
const readOnly = { ...nausea, canCode: false };

function Panel({ info }: { info: typeof nausea }) {
  return (
    <ListApi
      setup={() => ({
        handlers: {
          getCodingInfo: info,
          searchDictionary: medCodingFixtures.searchDictionary.data!,
          saveCoding: ({ reason }) => {
            if (info.term.status === 'coded' && !reason)
              throw fakeFailure('business', 'saveCoding', medCodingFixtures.saveCodingReasonRequired.msg);
            return medCodingFixtures.saveCoding.data!;
          },
        },
      })}
    >
      <Box sx={{ maxWidth: 720 }}>
        <CodingPanel target={{ termid: info.term.termid }} userTimeZone="Asia/Shanghai" />
      </Box>
    </ListApi>
  );
}

const meta = {
  title: 'Review/Medical coding',
  component: Panel,
  args: { info: readOnly },
} satisfies Meta<typeof Panel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 'Nausea' as the PI sees it: auto-coded, LLT → SOC, the demo dictionary marked; no coding form. */
export const AutoCoded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('coding-details')).toHaveAttribute('data-coding', 'coded');
    const path = canvas.getByTestId('coding-path');
    await expect(path).toHaveTextContent('Gastrointestinal disorders');
    await expect(within(path).getAllByRole('row')).toHaveLength(5);
    await expect(canvas.getByTestId('coding-demo')).toBeInTheDocument();
    await expect(canvas.getByTestId('coding-history-autocode')).toBeInTheDocument();
    await expect(canvas.queryByTestId('coding-form')).not.toBeInTheDocument();
  },
};

/** 'Fatigue' as the coder sees it: to code; search, choose 'Tiredness', code. */
export const ToCode: Story = {
  args: { info: fatigue },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('coding-status')).toHaveTextContent(msg('coding.state.uncoded'));
    await userEvent.click(canvas.getByTestId('coding-save'));
    await expect(canvas.getByTestId('coding-refusal')).toHaveTextContent(msg('coding.chooseEntry'));
    await userEvent.click(canvas.getByTestId('coding-search'));
    await userEvent.click(await canvas.findByTestId('coding-result-10043890'));
    await userEvent.click(canvas.getByTestId('coding-save'));
    await waitFor(() =>
      expect(storyClient(canvasElement).calls.some((c) => c.name === 'saveCoding')).toBe(true),
    );
    const call = storyClient(canvasElement).calls.find((c) => c.name === 'saveCoding');
    await expect(call?.params).toMatchObject({ code: '10043890', verbatim: 'Fatigue', reason: null });
  },
};

/** After the recode: the history with the reason; a new recode asks for a reason before any request. */
export const RecodeNeedsReason: Story = {
  args: { info: recoded },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const recode = await canvas.findByTestId('coding-history-recode');
    await expect(recode).toHaveTextContent('原始病历记录为疲劳加重');
    await userEvent.click(canvas.getByTestId('coding-search'));
    await userEvent.click(await canvas.findByTestId('coding-result-10043890'));
    await userEvent.click(canvas.getByTestId('coding-save'));
    await expect(canvas.getByTestId('coding-refusal')).toHaveTextContent(msg('coding.reasonRequired'));
    await expect(storyClient(canvasElement).calls.some((c) => c.name === 'saveCoding')).toBe(false);
  },
};

/** A list action's dialog with the fake client: the import refused for a bad line (the server names it). */
function ImportDialog({ refuse }: { refuse: boolean }) {
  return (
    <ListApi
      setup={() => ({
        handlers: {
          importDictionary: () => {
            if (refuse)
              throw fakeFailure(
                'business',
                'importDictionary',
                medCodingFixtures.importDictionaryBadLine.msg,
              );
            return medCodingFixtures.importDictionary.data!;
          },
        },
      })}
    >
      <ImportDictionaryDialog
        ctx={{ query: { search: {}, page: 1, size: 20, sort: null } as never, params: {}, reload: () => {} }}
        onClose={() => {}}
      />
    </ListApi>
  );
}

const xlsx = () =>
  new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'whodrug.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

/** Import: nothing chosen is refused before any request; a file with a bad line is refused naming the line. */
export const ImportBadLine: Story = {
  render: () => <ImportDialog refuse />,
  play: async () => {
    const body = within(document.body);
    await userEvent.click(await body.findByTestId('coding-import-run'));
    await expect(body.getByTestId('coding-import-refusal')).toHaveTextContent(
      msg('coding.import.incomplete'),
    );
    await userEvent.type(body.getByTestId('coding-import-version'), '2025-03');
    await userEvent.upload(body.getByTestId('coding-import-file'), xlsx());
    await userEvent.click(body.getByTestId('coding-import-run'));
    await waitFor(() =>
      expect(body.getByTestId('coding-import-refusal')).toHaveTextContent(
        medCodingFixtures.importDictionaryBadLine.msg,
      ),
    );
  },
};

/** Import of a good file: the new version and its size. */
export const Imported: Story = {
  render: () => <ImportDialog refuse={false} />,
  play: async () => {
    const body = within(document.body);
    await userEvent.type(await body.findByTestId('coding-import-version'), '2025-03');
    await userEvent.upload(body.getByTestId('coding-import-file'), xlsx());
    await userEvent.click(body.getByTestId('coding-import-run'));
    await expect(await body.findByTestId('coding-import-done')).toHaveTextContent('2025-03');
  },
};
