/**
 * `/index/studyImport` (docs/interchange.md): a data manager uploads a study definition file (CDISC ODM 1.3.2 XML or
 * a REDCap data dictionary CSV; the server detects the format by content), reads the report — counts, issues
 * grouped by severity, each translated with where it is —, previews any imported form with the real eCRF renderer
 * (try-out: values typed there are never saved), and publishes it after a confirmation. Earlier imports are listed
 * below and open again. A refusal shows the server's message in place.
 */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl, type IntlShape } from '../../../renderers/intl';
import {
  STUDY_IMPORT_MAX_BYTES,
  interchangeAssess,
  interchangeDiscard,
  interchangeImport,
  interchangeImports,
  interchangePublish,
  type ImportIssueRow,
  type ImportReport,
  type ImportSummary,
} from '../../../engine/api/interchange';
import { pickLocalized, type Locale } from '../../../engine/api/localized';
import { compileFormCached, withOptions } from '../../../engine/form';
import type { FormContext } from '../../../engine/form/types';
import { uploadBody } from '../../../engine/http/uploadBody';
import { sizeLimitLabel } from '../../../engine/upload/chooseFile';
import { useApiClient } from '../../../renderers/apiClientContext';
import { AsyncView } from '../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../renderers/async/useEndpoint';
import { EcrfForm, SchemaIssuesPanel } from '../../../renderers/ecrf';
import { FileChooser, UploadRefusal, useUpload } from '../../../renderers/upload';

const SEVERITIES = ['error', 'warning', 'info'] as const;
const SEVERITY_ALERT = { error: 'error', warning: 'warning', info: 'info' } as const;

/** The preview's context: nothing is saved, today is the browser's. */
const PREVIEW_CTX: FormContext = {
  textLimit: 2000,
  numUnknownAllowed: true,
  today: new Date().toISOString().slice(0, 10),
};

/** An issue in the user's language: the catalogue's text for its id, else the server's translation. */
export function issueMessage(intl: IntlShape, issue: ImportIssueRow): string {
  return intl.messages[issue.messageId] !== undefined
    ? intl.formatMessage({ id: issue.messageId }, issue.values)
    : issue.message;
}

export function StudyImportPage() {
  const client = useApiClient();
  const upload = useUpload(STUDY_IMPORT_MAX_BYTES);
  const { file, busy } = upload;
  const [report, setReport] = useState<ImportReport | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [reloads, setReloads] = useState(0);
  const imports = useEndpoint(interchangeImports, { page: 1, size: 20 }, { reloadToken: reloads });

  const run = <T,>(request: () => Promise<T>, done: (value: T) => void) =>
    upload.run(request, 'interchange.import.failed', done);

  const shown = (r: ImportReport) => {
    setReport(r);
    setReloads((n) => n + 1);
  };

  const assess = () =>
    file &&
    run(
      () =>
        client.call(interchangeAssess, {}, { silent: true, body: uploadBody(interchangeAssess, {}, file) }),
      (r) => {
        shown(r);
        upload.clearFile();
      },
    );

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="study-import">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        <FormattedMessage id="interchange.import.title" />
      </Typography>
      <Typography variant="body2">
        <FormattedMessage
          id="interchange.import.hint"
          values={{ max: sizeLimitLabel(STUDY_IMPORT_MAX_BYTES) }}
        />
      </Typography>
      <UploadRefusal upload={upload} testId="study-import-refusal" />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <FileChooser
          upload={upload}
          accept=".xml,.csv,text/xml,application/xml,text/csv"
          testIds={{
            button: 'study-import-choose',
            input: 'study-import-file',
            name: 'study-import-file-name',
          }}
        />
        <Button
          variant="contained"
          onClick={() => void assess()}
          disabled={!file || busy}
          data-testid="study-import-upload"
        >
          <FormattedMessage id="interchange.import.upload" />
        </Button>
      </Box>
      {report ? (
        <ImportReportView
          report={report}
          busy={busy}
          onPublish={() => setConfirming(true)}
          onDiscard={() =>
            void run(
              () => client.call(interchangeDiscard, { importid: report.summary.importid }, { silent: true }),
              shown,
            )
          }
        />
      ) : null}
      <Dialog open={confirming} onClose={() => setConfirming(false)} data-testid="study-import-confirm">
        <DialogTitle>
          <FormattedMessage id="interchange.import.publishTitle" />
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2">
            <FormattedMessage
              id="interchange.import.publishConfirm"
              values={{ forms: report?.forms.length ?? 0, visits: report?.visits.length ?? 0 }}
            />
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>
            <FormattedMessage id="interchange.cancel" />
          </Button>
          <Button
            variant="contained"
            data-testid="study-import-confirm-publish"
            onClick={() => {
              setConfirming(false);
              if (report)
                void run(
                  () =>
                    client.call(interchangePublish, { importid: report.summary.importid }, { silent: true }),
                  shown,
                );
            }}
          >
            <FormattedMessage id="interchange.import.publish" />
          </Button>
        </DialogActions>
      </Dialog>
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          <FormattedMessage id="interchange.import.history" />
        </Typography>
        <AsyncView
          state={imports}
          isEmpty={(d) => d.list.length === 0}
          empty={
            <Typography variant="body2" data-testid="study-import-none">
              <FormattedMessage id="interchange.import.none" />
            </Typography>
          }
          data-testid="study-import-list"
        >
          {(data) => (
            <ImportTable
              imports={data.list}
              busy={busy}
              onOpen={(importid) =>
                void run(() => client.call(interchangeImport, { importid }, { silent: true }), setReport)
              }
            />
          )}
        </AsyncView>
      </Box>
    </Box>
  );
}

function StateChip({ state }: { state: ImportSummary['state'] }) {
  const color = state === 'published' ? 'success' : state === 'discarded' ? 'default' : 'info';
  return (
    <Chip
      size="small"
      color={color}
      label={<FormattedMessage id={`interchange.import.state.${state}`} />}
      data-testid="study-import-state"
      data-state={state}
    />
  );
}

function ImportReportView({
  report,
  busy,
  onPublish,
  onDiscard,
}: {
  report: ImportReport;
  busy: boolean;
  onPublish(): void;
  onDiscard(): void;
}) {
  const intl = useIntl();
  const { summary } = report;
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="study-import-report">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {summary.filename}
        </Typography>
        <Chip size="small" label={summary.format} />
        <StateChip state={summary.state} />
        {report.counts.map((c) => (
          <Typography key={c.kind} variant="body2" data-testid="study-import-count">
            <FormattedMessage
              id="interchange.import.count"
              values={{
                kind: intl.messages[`interchange.count.${c.kind}`]
                  ? intl.formatMessage({ id: `interchange.count.${c.kind}` })
                  : c.kind,
                count: c.count,
              }}
            />
          </Typography>
        ))}
        <Typography variant="body2" data-testid="study-import-outcomes">
          <FormattedMessage
            id="interchange.import.outcomes"
            values={{
              faithful: report.outcomes.faithfulItems,
              items: report.outcomes.items,
              approximated: report.outcomes.approximated,
              unsupported: report.outcomes.unsupported,
              notes: report.outcomes.notes,
            }}
          />
        </Typography>
        <Box sx={{ flex: 1 }} />
        {summary.state === 'draft' ? (
          <>
            <Button onClick={onDiscard} disabled={busy} data-testid="study-import-discard">
              <FormattedMessage id="interchange.import.discard" />
            </Button>
            <Button
              variant="contained"
              onClick={onPublish}
              disabled={busy || !report.canpublish}
              data-testid="study-import-publish"
            >
              <FormattedMessage id="interchange.import.publish" />
            </Button>
          </>
        ) : null}
      </Box>
      {summary.crfver ? (
        <Alert severity="success" data-testid="study-import-published">
          <FormattedMessage id="interchange.import.publishedAs" values={{ crfver: summary.crfver }} />
        </Alert>
      ) : null}
      <IssueGroups issues={report.issues} />
      <FormPreview report={report} />
    </Box>
  );
}

function IssueGroups({ issues }: { issues: readonly ImportIssueRow[] }) {
  const intl = useIntl();
  if (issues.length === 0)
    return (
      <Alert severity="success" data-testid="study-import-no-issues">
        <FormattedMessage id="interchange.import.noIssues" />
      </Alert>
    );
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {SEVERITIES.map((severity) => {
        const group = issues.filter((i) => i.severity === severity);
        if (group.length === 0) return null;
        return (
          <Alert
            key={severity}
            severity={SEVERITY_ALERT[severity]}
            data-testid="study-import-issues"
            data-severity={severity}
          >
            <Typography variant="subtitle2">
              <FormattedMessage id={`interchange.severity.${severity}`} values={{ count: group.length }} />
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {group.map((issue, i) => (
                <li key={i} data-testid="study-import-issue">
                  <Typography variant="body2">
                    <Box component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>
                      {issue.at}
                    </Box>
                    {issueMessage(intl, issue)}
                  </Typography>
                </li>
              ))}
            </Box>
          </Alert>
        );
      })}
    </Box>
  );
}

/** A picker of the imported forms and the chosen one drawn by the eCRF renderer, with the imported code lists. */
function FormPreview({ report }: { report: ImportReport }) {
  const intl = useIntl();
  const locale = intl.locale === 'en' ? 'en' : ('zh_CN' as Locale);
  const [tid, setTid] = useState<string>(report.forms[0]?.tid ?? '');
  const chosen = report.forms.find((f) => f.tid === tid) ?? report.forms[0];
  const compiled = useMemo(() => (chosen ? compileFormCached(chosen.schema) : null), [chosen]);
  if (!chosen || !compiled) return null;
  const lists = new Map(report.codeLists.map((l) => [l.name, l]));
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="study-import-preview">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={intl.formatMessage({ id: 'interchange.import.previewForm' })}
          value={chosen.tid}
          onChange={(e) => setTid(e.target.value)}
          sx={{ minWidth: 260 }}
          slotProps={{ htmlInput: { 'data-testid': 'study-import-form-picker' } }}
        >
          {report.forms.map((f) => (
            <MenuItem key={f.tid} value={f.tid}>
              {`${f.tid} — ${pickLocalized(f.name, locale)}`}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="caption">
          <FormattedMessage id="interchange.import.previewHint" />
        </Typography>
      </Box>
      {compiled.ok ? (
        <EcrfForm
          key={chosen.tid}
          form={withOptions(compiled.form, (name) =>
            lists.get(name)?.items.map((o) => ({ value: o.codevalue, label: o.codedesp })),
          )}
          ctx={PREVIEW_CTX}
          values={{}}
        />
      ) : (
        <SchemaIssuesPanel issues={compiled.issues} />
      )}
    </Box>
  );
}

function ImportTable({
  imports,
  busy,
  onOpen,
}: {
  imports: readonly ImportSummary[];
  busy: boolean;
  onOpen(importid: string): void;
}) {
  return (
    <Table size="small" data-testid="study-import-table">
      <TableHead>
        <TableRow>
          <TableCell>
            <FormattedMessage id="interchange.import.file" />
          </TableCell>
          <TableCell>
            <FormattedMessage id="interchange.import.format" />
          </TableCell>
          <TableCell>
            <FormattedMessage id="interchange.import.by" />
          </TableCell>
          <TableCell>
            <FormattedMessage id="interchange.import.at" />
          </TableCell>
          <TableCell>
            <FormattedMessage id="interchange.import.errors" />
          </TableCell>
          <TableCell>
            <FormattedMessage id="interchange.import.state" />
          </TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {imports.map((i) => (
          <TableRow key={i.importid} data-testid="study-import-row">
            <TableCell>{i.filename}</TableCell>
            <TableCell>{i.format}</TableCell>
            <TableCell>{i.realname}</TableCell>
            <TableCell>{i.createdat.replace('T', ' ').slice(0, 16)}</TableCell>
            <TableCell>{i.errors}</TableCell>
            <TableCell>
              <StateChip state={i.state} />
            </TableCell>
            <TableCell>
              <Button size="small" disabled={busy} onClick={() => onOpen(i.importid)}>
                <FormattedMessage id="interchange.open" />
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
