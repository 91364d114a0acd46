/**
 * The workbench's file bar: open an example (every fixture definition), open a local file (its text goes to the
 * workbench, which tells JSON from a study file by content), download the edited text, make a share link (the text in the address, compressed) and restore the example.
 */
import { memo, useRef, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../intl';
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

/** A labelled native select (keyboard, screen readers and tests all know it). */
export function NativePicker({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly { value: string; label: string }[];
  testId?: string;
}) {
  return (
    <Box
      component="label"
      sx={{ display: 'inline-flex', flexDirection: 'column', typography: 'caption', color: 'text.secondary' }}
    >
      {label}
      <Box
        component="select"
        value={value}
        data-testid={testId}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
        sx={{
          font: 'inherit',
          typography: 'body2',
          color: 'text.primary',
          p: 0.75,
          minWidth: 260,
          borderRadius: 1,
        }}
      >
        <option value="" disabled>
          —
        </option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Box>
    </Box>
  );
}

/** Memoised: give it stable callbacks and it does not render again while the builder types. */
export const WorkbenchToolbar = memo(function WorkbenchToolbar({
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
        <NativePicker
          label={intl.formatMessage({ id: 'builder.pick' })}
          value={sampleId ?? ''}
          onChange={onPick}
          testId="builder-pick"
          options={samples.map((s) => ({ value: s.id, label: s.label }))}
        />
        <Button size="small" variant="outlined" onClick={() => fileInput.current?.click()}>
          <FormattedMessage id="builder.openFile" />
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,.xml,.csv,.txt,application/json,text/xml,application/xml,text/csv"
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
});
