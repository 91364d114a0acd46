/**
 * The worklist's "Import dictionary" action: a licensed dictionary file (xlsx in the layout of
 * docs/medical-coding.md), its kind and version, sent to importDictionary.do. The server checks it line by line and
 * names the first bad line; nothing is imported then. On success the new version and its size are shown.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import {
  CODING_DICTIONARIES,
  CODING_IMPORT_MAX_BYTES,
  importDictionary,
  type CodingDictionary,
  type DictionaryInfo,
} from '../../../engine/api/medCoding';
import { uploadBody } from '../../../engine/http/uploadBody';
import { useApiClient } from '../../../renderers/apiClientContext';
import { FileChooser, UploadRefusal, XLSX_ACCEPT, useUpload } from '../../../renderers/upload';
import type { ListActionDialogProps } from '../../../renderers/list/types';

export function ImportDictionaryDialog({ ctx, onClose }: ListActionDialogProps) {
  const intl = useIntl();
  const client = useApiClient();
  const [dictionary, setDictionary] = useState<CodingDictionary>('meddra');
  const [version, setVersion] = useState('');
  const upload = useUpload(CODING_IMPORT_MAX_BYTES);
  const { file, busy } = upload;
  const [done, setDone] = useState<(DictionaryInfo & { autocoded: number }) | null>(null);

  function run() {
    if (!file || version.trim() === '') {
      upload.refuse(intl.formatMessage({ id: 'coding.import.incomplete' }));
      return;
    }
    const params = { dictionary, version: version.trim() };
    void upload.run(
      () =>
        client.call(importDictionary, params, {
          silent: true,
          body: uploadBody(importDictionary, params, file),
        }),
      'coding.import.failed',
      (d) => {
        setDone(d);
        ctx.reload();
      },
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="coding-import-title">
      <DialogTitle id="coding-import-title">
        <FormattedMessage id="coding.import.title" />
      </DialogTitle>
      <DialogContent data-testid="coding-import-dialog">
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="coding.import.help" />
          </Typography>
          <TextField
            select
            size="small"
            label={intl.formatMessage({ id: 'coding.import.dictionary' })}
            value={dictionary}
            onChange={(e) => setDictionary(e.target.value as CodingDictionary)}
          >
            {CODING_DICTIONARIES.map((d) => (
              <MenuItem key={d} value={d}>
                <FormattedMessage id={`coding.dictionaryName.${d}`} />
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            required
            label={intl.formatMessage({ id: 'coding.import.version' })}
            value={version}
            onChange={(e) => setVersion(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'coding-import-version' } }}
          />
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <FileChooser
              upload={upload}
              accept={XLSX_ACCEPT}
              labelId="coding.import.chooseFile"
              testIds={{
                button: 'coding-import-choose',
                input: 'coding-import-file',
                name: 'coding-import-file-name',
              }}
            />
          </Box>
          <UploadRefusal upload={upload} testId="coding-import-refusal" />
          {done ? (
            <Alert severity="success" data-testid="coding-import-done">
              <FormattedMessage
                id="coding.import.done"
                values={{ version: done.version, entries: done.entries, autocoded: done.autocoded }}
              />
            </Alert>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="coding.close" />
        </Button>
        <Button variant="contained" onClick={run} disabled={busy} data-testid="coding-import-run">
          <FormattedMessage id="coding.import.run" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
