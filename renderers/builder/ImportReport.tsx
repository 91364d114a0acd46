/**
 * What a study file opened in the workbench gave: its format and counts, the form shown (a picker of every imported
 * form) and the import's findings, each translated by its message id (`interchange.issue.*`) with where in the file.
 */
import { memo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl, type IntlShape } from '../intl';
import type { ImportIssue, ImportResult } from '../../engine/interchange/types';
import { metaText } from '../../engine/metadata/metaText';
import { useEngineLocale } from '../search/metadataText';
import { NativePicker } from './WorkbenchToolbar';

export interface ImportReportProps {
  format: string;
  fileName: string;
  result: ImportResult;
  /** The imported form in the editor (`tid`), or null. */
  formTid: string | null;
  onPickForm(tid: string): void;
}

/** An issue's text: its own message when the catalogue has it, else the generic one naming the id. */
export function importIssueText(intl: IntlShape, issue: ImportIssue): string {
  if (Object.prototype.hasOwnProperty.call(intl.messages, issue.messageId))
    return intl.formatMessage({ id: issue.messageId }, issue.values);
  return intl.formatMessage(
    { id: 'interchange.issue.unknown' },
    { messageId: issue.messageId, values: JSON.stringify(issue.values) },
  );
}

const COLOURS = { error: 'error.main', warning: 'warning.dark', info: 'text.secondary' } as const;

export const ImportReport = memo(function ImportReport({
  format,
  fileName,
  result,
  formTid,
  onPickForm,
}: ImportReportProps) {
  const intl = useIntl();
  const locale = useEngineLocale();
  const forms = result.definition?.forms ?? [];
  return (
    <Box
      data-testid="builder-import"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        p: 1,
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      <Typography variant="body2" data-testid="builder-import-summary">
        <FormattedMessage
          id="builder.import.summary"
          values={{
            fileName,
            format: format.toUpperCase(),
            forms: forms.length,
            codeLists: result.definition?.codeLists.length ?? 0,
            issues: result.issues.length,
          }}
        />
      </Typography>
      {forms.length > 0 ? (
        <NativePicker
          label={intl.formatMessage({ id: 'builder.import.form' })}
          value={formTid ?? ''}
          onChange={onPickForm}
          testId="builder-import-form"
          options={forms.map((form) => ({
            value: form.tid,
            label: `${metaText(form.name, locale)} (${form.tid})`,
          }))}
        />
      ) : (
        <Typography variant="body2" color="error.main" data-testid="builder-import-noforms">
          <FormattedMessage id="builder.import.noForms" />
        </Typography>
      )}
      {result.issues.length > 0 && (
        <Box
          component="ul"
          data-testid="builder-import-issues"
          sx={{ m: 0, pl: 2.5, typography: 'body2', maxHeight: 200, overflowY: 'auto' }}
        >
          {result.issues.map((issue, i) => (
            <Box
              component="li"
              key={i}
              sx={{ color: COLOURS[issue.severity] }}
              data-severity={issue.severity}
            >
              <FormattedMessage id={`builder.import.severity.${issue.severity}`} />{' '}
              <Box component="code" sx={{ color: 'text.secondary' }}>
                {issue.at}
              </Box>{' '}
              {importIssueText(intl, issue)}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
});
