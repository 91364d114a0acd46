/**
 * The file picker of an upload screen: a button over a hidden file input, the chosen file's name (or "no file")
 * beside it, and the refusal of the last choice or request above. Test ids are the screen's, so that each screen's
 * tests and e2e address its own picker.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from '../intl';
import type { Upload } from './useUpload';

/** xlsx, as every spreadsheet upload of the spec takes it (checked again by content on the server). */
export const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface FileChooserProps {
  upload: Upload;
  /** The input's `accept` (a hint for the picker only). */
  accept: string;
  /** Ids of the button, the input and the file name, for tests. */
  testIds: { button: string; input: string; name: string };
  /** The button's label (the catalogue id). */
  labelId?: string;
  disabled?: boolean;
}

export function FileChooser({
  upload,
  accept,
  testIds,
  labelId = 'casebook.batch.chooseFile',
  disabled,
}: FileChooserProps) {
  return (
    <>
      <Button
        variant="outlined"
        component="label"
        disabled={disabled || upload.busy}
        data-testid={testIds.button}
      >
        <FormattedMessage id={labelId} />
        <input
          ref={upload.inputRef}
          hidden
          type="file"
          accept={accept}
          onChange={(e) => upload.choose(e.target.files)}
          data-testid={testIds.input}
        />
      </Button>
      <Typography variant="body2" data-testid={testIds.name}>
        {upload.file ? upload.file.name : <FormattedMessage id="casebook.batch.noFile" />}
      </Typography>
    </>
  );
}

/** The refusal of an upload screen, in place (nothing when there is none). */
export function UploadRefusal({ upload, testId }: { upload: Upload; testId: string }) {
  return upload.refusal ? (
    <Alert severity="error" data-testid={testId}>
      {upload.refusal}
    </Alert>
  ) : null;
}
