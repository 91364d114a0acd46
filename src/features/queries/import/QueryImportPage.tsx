/**
 * `/index/queryImport` (docs/query-import.md): upload an xlsx of queries (the template downloadable here), see the
 * assessment row by row (the bad rows with their column and problem; the report downloadable), then send: each good
 * row is raised as a manual query; each row shows its state — unsent, sent, send failed with the reason (spec §4).
 * The site's batches are listed below; one opens with its rows. A refusal shows the server's message in place.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../../../../renderers/intl';
import {
  QUERY_IMPORT_MAX_BYTES,
  queryImportAssess,
  queryImportList,
  queryImportReport,
  queryImportRows,
  queryImportSend,
  queryImportTemplate,
  type QueryImportBatch,
  type QueryImportDetail,
  type QueryImportRow,
  type QueryImportState,
} from '../../../../engine/api/queryImport';
import type { DownloadFile } from '../../../../engine/api/subjectManagement';
import { uploadBody } from '../../../../engine/http/uploadBody';
import { sizeLimitLabel } from '../../../../engine/upload/chooseFile';
import { useApiClient } from '../../../../renderers/apiClientContext';
import { AsyncView } from '../../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../../renderers/async/useEndpoint';
import { FileChooser, UploadRefusal, XLSX_ACCEPT, useUpload } from '../../../../renderers/upload';
import { saveDownload } from '../../subjects/batch/saveDownload';

const STATE_COLOR: Record<QueryImportState, 'default' | 'success' | 'error'> = {
  unsent: 'default',
  sent: 'success',
  failed: 'error',
};

export interface QueryImportPageProps {
  /** How a downloaded file is saved (the browser's download by default; stories and tests record it). */
  save?(file: DownloadFile): void;
}

export function QueryImportPage({ save = saveDownload }: QueryImportPageProps) {
  const client = useApiClient();
  const upload = useUpload(QUERY_IMPORT_MAX_BYTES);
  const { file, busy, run } = upload;
  const [detail, setDetail] = useState<QueryImportDetail | null>(null);
  const [reloads, setReloads] = useState(0);
  const batches = useEndpoint(queryImportList, { page: 1, size: 20 }, { reloadToken: reloads });

  const assess = () =>
    file &&
    run(
      () =>
        client.call(queryImportAssess, {}, { silent: true, body: uploadBody(queryImportAssess, {}, file) }),
      'casebook.batch.assessmentFailed',
      (d) => {
        setDetail(d);
        upload.clearFile();
        setReloads((n) => n + 1);
      },
    );

  const send = (batchid: string) =>
    run(
      () => client.call(queryImportSend, { batchid }, { silent: true }),
      'queryImport.sendFailed',
      (d) => {
        setDetail(d);
        setReloads((n) => n + 1);
      },
    );

  const open = (batchid: string) =>
    run(() => client.call(queryImportRows, { batchid }, { silent: true }), 'queries.actionFailed', setDetail);

  const download = (fetchFile: () => Promise<DownloadFile>) =>
    run(fetchFile, 'casebook.batch.downloadFailed', (f) => save(f));

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="query-import">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        <FormattedMessage id="queryImport.title" />
      </Typography>
      <Typography variant="body2">
        <FormattedMessage id="queryImport.hint" values={{ max: sizeLimitLabel(QUERY_IMPORT_MAX_BYTES) }} />
      </Typography>
      <UploadRefusal upload={upload} testId="query-import-refusal" />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          onClick={() => void download(() => client.call(queryImportTemplate, {}, { silent: true }))}
          disabled={busy}
          data-testid="query-import-template"
        >
          <FormattedMessage id="casebook.batch.template" />
        </Button>
        <FileChooser
          upload={upload}
          accept={XLSX_ACCEPT}
          testIds={{
            button: 'query-import-choose',
            input: 'query-import-file',
            name: 'query-import-file-name',
          }}
        />
        <Button
          variant="contained"
          onClick={() => void assess()}
          disabled={!file || busy}
          data-testid="query-import-assess"
        >
          <FormattedMessage id="casebook.batch.assess" />
        </Button>
      </Box>
      {detail ? (
        <BatchDetail
          detail={detail}
          busy={busy}
          onSend={() => void send(detail.batch.batchid)}
          onReport={() =>
            void download(() =>
              client.call(queryImportReport, { batchid: detail.batch.batchid }, { silent: true }),
            )
          }
        />
      ) : null}
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          <FormattedMessage id="queryImport.batches" />
        </Typography>
        <AsyncView
          state={batches}
          isEmpty={(d) => d.list.length === 0}
          empty={
            <Typography variant="body2" data-testid="query-import-none">
              <FormattedMessage id="queryImport.none" />
            </Typography>
          }
          data-testid="query-import-batches"
        >
          {(data) => <BatchTable batches={data.list} onOpen={(id) => void open(id)} busy={busy} />}
        </AsyncView>
      </Box>
    </Box>
  );
}

function BatchDetail({
  detail,
  busy,
  onSend,
  onReport,
}: {
  detail: QueryImportDetail;
  busy: boolean;
  onSend(): void;
  onReport(): void;
}) {
  const { batch, rows } = detail;
  const good = batch.rows - batch.invalid;
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="query-import-detail">
      <Alert
        severity={batch.invalid > 0 || batch.failed > 0 ? 'warning' : 'success'}
        data-testid="query-import-summary"
      >
        <FormattedMessage
          id="queryImport.summary"
          values={{
            filename: batch.filename,
            rows: batch.rows,
            good,
            invalid: batch.invalid,
            sent: batch.sent,
            failed: batch.failed,
          }}
        />
      </Alert>
      <Box sx={{ display: 'flex', gap: 2 }}>
        {batch.invalid > 0 || batch.failed > 0 ? (
          <Button onClick={onReport} disabled={busy} data-testid="query-import-report">
            <FormattedMessage id="casebook.batch.downloadReport" />
          </Button>
        ) : null}
        {batch.cansend ? (
          <Button variant="contained" onClick={onSend} disabled={busy} data-testid="query-import-send">
            <FormattedMessage id="queryImport.send" values={{ count: good - batch.sent }} />
          </Button>
        ) : null}
      </Box>
      <RowTable rows={rows} />
    </Box>
  );
}

function RowTable({ rows }: { rows: QueryImportRow[] }) {
  const intl = useIntl();
  const head = ['row', 'subjid', 'visitnum', 'tid', 'variable', 'note', 'state', 'problem'];
  return (
    <Table size="small" data-testid="query-import-rows">
      <TableHead>
        <TableRow>
          {head.map((h) => (
            <TableCell key={h}>
              <FormattedMessage id={`queryImport.column.${h}`} />
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.row} data-testid="query-import-row" data-state={r.state} data-row={r.row}>
            <TableCell>{r.row}</TableCell>
            <TableCell>{r.subjid ?? ''}</TableCell>
            <TableCell>{r.visitnum ?? ''}</TableCell>
            <TableCell>{r.tid ?? ''}</TableCell>
            <TableCell>{r.variable ?? ''}</TableCell>
            <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>{r.note ?? ''}</TableCell>
            <TableCell>
              <Chip
                size="small"
                color={STATE_COLOR[r.state]}
                label={intl.formatMessage({ id: `queryImport.state.${r.state}` })}
                data-testid="query-import-state"
              />
            </TableCell>
            <TableCell data-testid="query-import-problem">
              {r.problems.map((p) => `${p.column ? `${p.column}: ` : ''}${p.message}`).join('; ')}
              {r.reason ?? ''}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function BatchTable({
  batches,
  onOpen,
  busy,
}: {
  batches: QueryImportBatch[];
  onOpen(id: string): void;
  busy: boolean;
}) {
  const intl = useIntl();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {['file', 'by', 'at', 'rows', 'invalid', 'sent', 'failed', ''].map((h) => (
            <TableCell key={h}>{h ? <FormattedMessage id={`queryImport.batch.${h}`} /> : null}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {batches.map((b) => (
          <TableRow key={b.batchid} data-testid="query-import-batch">
            <TableCell>{b.filename}</TableCell>
            <TableCell>{b.realname}</TableCell>
            <TableCell>{intl.formatDate(b.createdat, { dateStyle: 'medium', timeStyle: 'short' })}</TableCell>
            <TableCell>{b.rows}</TableCell>
            <TableCell>{b.invalid}</TableCell>
            <TableCell>{b.sent}</TableCell>
            <TableCell>{b.failed}</TableCell>
            <TableCell>
              <Button size="small" onClick={() => onOpen(b.batchid)} disabled={busy}>
                <FormattedMessage id="queryImport.open" />
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
