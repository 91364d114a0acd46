import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FormattedMessage } from '../renderers/intl';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, within } from 'storybook/test';
import { RequestError } from '../engine/http/requestError';
import { FileChooser, UploadRefusal, XLSX_ACCEPT, useUpload } from '../renderers/upload';

const LIMIT = 1024 * 1024;

/** An upload screen in miniature: the picker, its refusal, and a send that the server refuses or accepts. */
function UploadDemo({ serverRefuses }: { serverRefuses: boolean }) {
  const upload = useUpload(LIMIT);
  const [sent, setSent] = useState<string | null>(null);
  const send = () =>
    upload.file &&
    upload.run(
      () =>
        serverRefuses
          ? Promise.reject(new RequestError('business', 'assess.do', { msg: 'file assessment failed' }))
          : Promise.resolve(upload.file!.name),
      'casebook.batch.uploadFailed',
      (name) => {
        setSent(name);
        upload.clearFile();
      },
    );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <UploadRefusal upload={upload} testId="refusal" />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <FileChooser
          upload={upload}
          accept={XLSX_ACCEPT}
          testIds={{ button: 'choose', input: 'input', name: 'name' }}
        />
        <Button
          variant="contained"
          disabled={!upload.file || upload.busy}
          onClick={() => void send()}
          data-testid="send"
        >
          <FormattedMessage id="casebook.batch.assess" />
        </Button>
      </Box>
      {sent ? <div data-testid="sent">{sent}</div> : null}
    </Box>
  );
}

const meta = {
  title: 'Shell/FileChooser',
  component: UploadDemo,
  args: { serverRefuses: false },
} satisfies Meta<typeof UploadDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const xlsx = (name: string, bytes: number) =>
  new File([new Uint8Array(bytes)], name, { type: 'application/vnd.ms-excel' });

/** One file within the limit is taken and sent; the picker is empty again afterwards. */
export const OneFileSent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByTestId('input'), xlsx('subjects.xlsx', 10));
    await expect(canvas.getByTestId('name')).toHaveTextContent('subjects.xlsx');
    await userEvent.click(canvas.getByTestId('send'));
    await expect(await canvas.findByTestId('sent')).toHaveTextContent('subjects.xlsx');
    await expect(canvas.queryByTestId('refusal')).toBeNull();
  },
};

/** A file over the limit is refused before anything is sent, naming the limit; two files at once too. */
export const RefusedBeforeSending: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByTestId('input'), xlsx('big.xlsx', LIMIT + 1));
    await expect(await canvas.findByTestId('refusal')).toHaveTextContent('1M');
    await expect(canvas.getByTestId('send')).toBeDisabled();
    fireEvent.change(canvas.getByTestId('input'), {
      target: { files: [xlsx('a.xlsx', 1), xlsx('b.xlsx', 1)] },
    });
    await expect(await canvas.findByTestId('refusal')).not.toHaveTextContent('1M');
    await expect(canvas.getByTestId('send')).toBeDisabled();
  },
};

/** The server's refusal is shown in place and the chosen file is kept, so it can be sent again. */
export const ServerRefusalKeepsTheFile: Story = {
  args: { serverRefuses: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByTestId('input'), xlsx('subjects.xlsx', 10));
    await userEvent.click(canvas.getByTestId('send'));
    await expect(await canvas.findByTestId('refusal')).toHaveTextContent('file assessment failed');
    await expect(canvas.getByTestId('name')).toHaveTextContent('subjects.xlsx');
    await expect(canvas.getByTestId('send')).toBeEnabled();
  },
};
