/**
 * The workbench's file bar: open an example (every fixture definition), open a local JSON file, download the edited
 * text, make a share link (the text in the address, compressed) and restore the example.
 */
import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { shareLinkFor } from './shareLink';
import type { DraftSource } from './workbenchDraft';

export interface WorkbenchSample {
  id: string;
  /** Shown in the picker (already in the UI language). */
  label: string;
}

export interface WorkbenchToolbarProps {
  samples: readonly WorkbenchSample[];
  /** The example shown or edited, or null (a file, a link). */
  sampleId: string | null;
  onPick(id: string): void;
  /** A local file was read (its text, unchecked). */
  onOpenText(text: string, fileName: string): void;
  /** Told when a file cannot be read. */
  onOpenFailed?(fileName: string): void;
  /** The text to download (and to share, unless `shareText` is given). */
  currentText(): string;
  /** The text a share link carries (default: currentText). */
  shareText?(): string;
  /** The downloaded file's name. */
  fileName: string;
  onRestore(): void;
  /** Where the text came from when the workbench opened. */
  source: DraftSource;
}

function download(text: string, fileName: string) {
  const blob = new Blob([text], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function WorkbenchToolbar({
  samples,
  sampleId,
  onPick,
  onOpenText,
  onOpenFailed,
  currentText,
  shareText = currentText,
  fileName,
  onRestore,
  source,
}: WorkbenchToolbarProps) {
  const intl = useIntl();
  const fileInput = useRef<HTMLInputElement>(null);
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const pickerId = useId();

  const share = () => {
    const url = shareLinkFor(window, shareText());
    setLink(url);
    setCopied(false);
    void navigator.clipboard
      ?.writeText(url)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          id={pickerId}
          label={intl.formatMessage({ id: 'builder.pick' })}
          value={sampleId ?? ''}
          onChange={(event) => onPick(event.target.value)}
          sx={{ minWidth: 260 }}
          slotProps={{ htmlInput: { 'data-testid': 'builder-pick' } }}
        >
          {samples.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
        <Button size="small" variant="outlined" onClick={() => fileInput.current?.click()}>
          <FormattedMessage id="builder.openFile" />
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="builder-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            file
              .text()
              .then((text) => onOpenText(text, file.name))
              .catch(() => onOpenFailed?.(file.name));
          }}
        />
        <Button size="small" variant="outlined" onClick={() => download(currentText(), fileName)}>
          <FormattedMessage id="builder.download" />
        </Button>
        <Button size="small" variant="outlined" onClick={share}>
          <FormattedMessage id="builder.share" />
        </Button>
        <Button size="small" onClick={onRestore}>
          <FormattedMessage id="builder.restore" />
        </Button>
        {source !== 'example' && (
          <Typography variant="caption" color="text.secondary" data-testid="builder-source">
            <FormattedMessage id={source === 'link' ? 'builder.fromLink' : 'builder.fromDraft'} />
          </Typography>
        )}
      </Box>
      {link !== null && (
        <TextField
          size="small"
          fullWidth
          label={intl.formatMessage({ id: copied ? 'builder.shareCopied' : 'builder.shareLink' })}
          value={link}
          onFocus={(event) => event.target.select()}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'builder-share-link' } }}
        />
      )}
    </Box>
  );
}
