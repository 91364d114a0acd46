/**
 * Batch upload of subjects (issue 12; docs/casebook-batch.md), in three steps: choose one .xlsx (at most 30M; the
 * template can be downloaded here) → the server's assessment (problems per row, the report downloadable for 90 s)
 * → the import of that assessed file, all rows or none, and its result. A refusal shows the server's translated
 * message in place; choosing another file starts again.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../../../../renderers/intl';
import {
  BATCH_COLUMNS,
  BATCH_FILE_MAX_BYTES,
  subjectBatchAssess,
  subjectBatchImport,
  subjectBatchReport,
  subjectBatchTemplate,
  type BatchAssessment,
  type BatchColumn,
  type DownloadFile,
} from '../../../../engine/api/subjectManagement';
import { uploadBody } from '../../../../engine/http/uploadBody';
import { sizeLimitLabel } from '../../../../engine/upload/chooseFile';
import { useApiClient } from '../../../../renderers/apiClientContext';
import { FileChooser, UploadRefusal, XLSX_ACCEPT, useUpload } from '../../../../renderers/upload';
import { saveDownload } from './saveDownload';

export interface BatchImportResult {
  imported: number;
  subjids: string[];
}

export interface BatchUploadDialogProps {
  onClose(): void;
  /** After an import (the list reads its page again). */
  onImported?(result: BatchImportResult): void;
  /** How a downloaded file is saved (the browser's download by default; stories and tests record it). */
  save?(file: DownloadFile): void;
}

/** A column's label: the subject page's own field names. */
const COLUMN_LABEL_IDS: Record<BatchColumn, { messageId: string }> = {
  subjid: { messageId: 'casebook.subjid' },
  initials: { messageId: 'casebook.initials' },
  sex: { messageId: 'casebook.sex' },
  birthdate: { messageId: 'casebook.birthdate' },
  protover: { messageId: 'casebook.protover' },
  crfver: { messageId: 'casebook.crfver' },
};
const isBatchColumn = (c: string | null): c is BatchColumn =>
  c !== null && (BATCH_COLUMNS as readonly string[]).includes(c);

export function BatchUploadDialog({ onClose, onImported, save = saveDownload }: BatchUploadDialogProps) {
  const client = useApiClient();
  const upload = useUpload(BATCH_FILE_MAX_BYTES);
  const { file, busy, run } = upload;
  const [assessment, setAssessment] = useState<BatchAssessment | null>(null);
  const [result, setResult] = useState<BatchImportResult | null>(null);

  function choose(files: FileList | null) {
    setAssessment(null);
    setResult(null);
    upload.choose(files);
  }

  const download = (fetchFile: () => Promise<DownloadFile>) =>
    run(fetchFile, 'casebook.batch.downloadFailed', (f) => save(f));

  const assess = () =>
    file &&
    run(
      () =>
        client.call(subjectBatchAssess, {}, { silent: true, body: uploadBody(subjectBatchAssess, {}, file) }),
      'casebook.batch.assessmentFailed',
      setAssessment,
    );

  const runImport = () =>
    assessment &&
    run(
      () => client.call(subjectBatchImport, { assessmentid: assessment.assessmentid }, { silent: true }),
      'casebook.batch.uploadFailed',
      (done) => {
        setResult(done);
        onImported?.(done);
      },
    );

  function again() {
    upload.clearFile();
    upload.refuse(null);
    setAssessment(null);
    setResult(null);
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="batch-upload-title">
      <DialogTitle id="batch-upload-title">
        <FormattedMessage id="casebook.batch.title" />
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }} data-testid="batch-upload-dialog">
          <UploadRefusal upload={upload} testId="batch-refusal" />
          {result ? (
            <Alert severity="success" data-testid="batch-result">
              <FormattedMessage
                id="casebook.batch.imported"
                values={{ count: result.imported, subjids: result.subjids.join(', ') }}
              />
            </Alert>
          ) : (
            <>
              <Typography variant="body2">
                <FormattedMessage
                  id="casebook.batch.hint"
                  values={{ max: sizeLimitLabel(BATCH_FILE_MAX_BYTES) }}
                />
              </Typography>
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                <FileChooser
                  upload={{ ...upload, choose }}
                  accept={XLSX_ACCEPT}
                  testIds={{
                    button: 'batch-choose-file',
                    input: 'batch-file-input',
                    name: 'batch-file-name',
                  }}
                />
                <Button
                  onClick={() => void download(() => client.call(subjectBatchTemplate, {}, { silent: true }))}
                  data-testid="batch-template"
                >
                  <FormattedMessage id="casebook.batch.template" />
                </Button>
              </Box>
              {assessment ? <AssessmentView assessment={assessment} /> : null}
            </>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        {assessment && assessment.problemcount > 0 && !result ? (
          <Button
            onClick={() =>
              void download(() =>
                client.call(subjectBatchReport, { assessmentid: assessment.assessmentid }, { silent: true }),
              )
            }
            data-testid="batch-download-report"
          >
            <FormattedMessage id="casebook.batch.downloadReport" />
          </Button>
        ) : null}
        {assessment || result ? (
          <Button onClick={again} disabled={busy} data-testid="batch-again">
            <FormattedMessage id="casebook.batch.again" />
          </Button>
        ) : null}
        <Button onClick={onClose} disabled={busy} data-testid="batch-close">
          <FormattedMessage id={result ? 'casebook.batch.close' : 'casebook.cancel'} />
        </Button>
        {!assessment && !result ? (
          <Button
            variant="contained"
            onClick={() => void assess()}
            disabled={!file || busy}
            data-testid="batch-assess"
          >
            <FormattedMessage id="casebook.batch.assess" />
          </Button>
        ) : null}
        {assessment && !result ? (
          <Button
            variant="contained"
            onClick={() => void runImport()}
            disabled={!assessment.canimport || busy}
            data-testid="batch-import"
          >
            <FormattedMessage id="casebook.batch.import" values={{ count: assessment.valid }} />
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

function AssessmentView({ assessment }: { assessment: BatchAssessment }) {
  const intl = useIntl();
  const ok = assessment.problemcount === 0;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Alert severity={ok ? 'success' : 'warning'} data-testid="batch-assessment-summary">
        <FormattedMessage
          id={ok ? 'casebook.batch.assessedOk' : 'casebook.batch.assessedProblems'}
          values={{
            filename: assessment.filename,
            rows: assessment.rows,
            valid: assessment.valid,
            problems: assessment.problemcount,
          }}
        />
      </Alert>
      {assessment.problems.length > 0 ? (
        <Table size="small" data-testid="batch-problems">
          <TableHead>
            <TableRow>
              <TableCell>
                <FormattedMessage id="casebook.batch.row" />
              </TableCell>
              <TableCell>
                <FormattedMessage id="casebook.batch.column" />
              </TableCell>
              <TableCell>
                <FormattedMessage id="casebook.batch.value" />
              </TableCell>
              <TableCell>
                <FormattedMessage id="casebook.batch.problem" />
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {assessment.problems.map((p, i) => (
              <TableRow key={`${p.row}-${p.column ?? ''}-${i}`} data-testid="batch-problem">
                <TableCell>{p.row}</TableCell>
                <TableCell>
                  {isBatchColumn(p.column)
                    ? intl.formatMessage({ id: COLUMN_LABEL_IDS[p.column].messageId })
                    : (p.column ?? '')}
                </TableCell>
                <TableCell>{p.value ?? ''}</TableCell>
                <TableCell>{p.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {assessment.problemcount > assessment.problems.length ? (
        <Typography variant="body2">
          <FormattedMessage
            id="casebook.batch.moreInReport"
            values={{ shown: assessment.problems.length, count: assessment.problemcount }}
          />
        </Typography>
      ) : null}
      <Typography variant="caption" color="text.secondary">
        <FormattedMessage id="casebook.batch.validFor" />
      </Typography>
    </Box>
  );
}
