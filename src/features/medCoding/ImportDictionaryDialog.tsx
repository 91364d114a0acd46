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
import { FormattedMessage, useIntl } from 'react-intl';
import {
  CODING_DICTIONARIES,
  importDictionary,
  type CodingDictionary,
  type DictionaryInfo,
} from '../../../engine/api/medCoding';
import { RequestError } from '../../../engine/http/requestError';
import { uploadBody } from '../../../engine/http/uploadBody';
import { useApiClient } from '../../../renderers/apiClientContext';
import type { ListActionDialogProps } from '../../../renderers/list/types';

export function ImportDictionaryDialog({ ctx, onClose }: ListActionDialogProps) {
  const intl = useIntl();
  const client = useApiClient();
  const [dictionary, setDictionary] = useState<CodingDictionary>('meddra');
  const [version, setVersion] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<(DictionaryInfo & { autocoded: number }) | null>(null);

  async function run() {
    if (!file || version.trim() === '') {
      setRefusal(intl.formatMessage({ id: 'coding.import.incomplete' }));
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const params = { dictionary, version: version.trim() };
      const body = uploadBody(importDictionary, params, file);
      setDone(await client.call(importDictionary, params, { silent: true, body }));
      ctx.reload();
    } catch (err) {
      setRefusal(
        err instanceof RequestError && err.msg ? err.msg : intl.formatMessage({ id: 'coding.import.failed' }),
      );
    } finally {
      setBusy(false);
    }
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
          <Button variant="outlined" component="label">
            <FormattedMessage id="coding.import.chooseFile" />
            <input
              hidden
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="coding-import-file"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Button>
          {file ? <Typography variant="body2">{file.name}</Typography> : null}
          {refusal ? (
            <Alert severity="error" data-testid="coding-import-refusal">
              {refusal}
            </Alert>
          ) : null}
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
        <Button
          variant="contained"
          onClick={() => void run()}
          disabled={busy}
          data-testid="coding-import-run"
        >
          <FormattedMessage id="coding.import.run" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
