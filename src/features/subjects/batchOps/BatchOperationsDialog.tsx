/**
 * Batch operations in 3 steps (spec §2, §5; docs/casebook-batch-operations.md): 1. type and eCRF version, 2. visit,
 * CRF (form), date and reason, 3. site and subjects — each step's required fields checked before the next —, then a
 * preview of exactly what will change (batchpreview.do: counts, the pages, those left and why) and the run
 * (batchrun.do), a job on the server followed with its progress up to 'Batch job successfully' (BatchRuns.tsx); the
 * dialog may be closed meanwhile — the run goes on and is found again under Batch runs. A refusal is shown in place
 * and what was chosen is kept.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../../../../renderers/intl';
import {
  BATCH_TYPES,
  batchPreview,
  batchRun,
  eventType,
  type BatchJob,
  type BatchParams,
  type BatchPreview,
} from '../../../../engine/api/casebookBatch';
import { codeList } from '../../../../engine/api/lists';
import { getCrfVer } from '../../../../engine/api/subjects';
import { invalidationReason } from '../../../../engine/api/visits';
import type { GridRow } from '../../../../engine/grid/types';
import { RequestError } from '../../../../engine/http/requestError';
import { useApiClient } from '../../../../renderers/apiClientContext';
import { useEndpoint } from '../../../../renderers/async/useEndpoint';
import { useMetaText } from '../../../../renderers/search/metadataText';
import { missingFields, textOf, type DialogField } from '../fields/dialogFields';
import { DialogFields } from '../fields/DialogFields';
import { DialogFrame } from '../fields/FormDialog';
import { useFieldValues } from '../fields/useFieldValues';
import { BatchRunProgress } from './BatchRuns';

const STEPS = [
  'casebook.batchOps.step.type',
  'casebook.batchOps.step.visit',
  'casebook.batchOps.step.subjects',
];
/** How many previewed pages the dialog lists (the counts hold them all). */
const PAGES_SHOWN = 50;

export interface BatchOperationsDialogProps {
  /** The rows selected in the subject list: the subjects of step 3 when the user keeps them. */
  selected: readonly GridRow[];
  onClose(): void;
  /** After a run (the list reads its page again). */
  onDone(): void;
  /** How often the run is asked for its progress (stories, tests). */
  pollMs?: number;
}

export function BatchOperationsDialog({ selected, onClose, onDone, pollMs }: BatchOperationsDialogProps) {
  const intl = useIntl();
  const text = useMetaText();
  const client = useApiClient();
  const versions = useEndpoint(getCrfVer, {});
  const events = useEndpoint(eventType, { type: undefined });
  const reasons = useEndpoint(invalidationReason, {});
  const site = useEndpoint(codeList, { codelisttype: 'SITE' });
  const [step, setStep] = useState(0);
  const [tried, setTried] = useState(false);
  const [values, setValue] = useFieldValues(() => ({
    type: '',
    crfver: '',
    visitnum: '',
    tid: '',
    // visits held up to today, unless the user chooses another day
    date: new Date().toISOString().slice(0, 10),
    reasoncode: '',
    reasontext: '',
    subjects: selected.length > 0 ? 'selected' : 'all',
  }));
  const [preview, setPreview] = useState<BatchPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [started, setStarted] = useState<BatchJob | null>(null);

  const allEvents = events.status === 'ready' ? events.data.flatMap((t) => t.events) : [];
  const visit = allEvents.find((e) => e.visitnum === values.visitnum);
  const reason =
    reasons.status === 'ready' ? reasons.data.find((r) => r.code === values.reasoncode) : undefined;
  const siteName = site.status === 'ready' ? (site.data[0] ? text(site.data[0].codedesp) : '') : '';

  const stepFields: DialogField[][] = [
    [
      {
        kind: 'select',
        name: 'type',
        labelId: 'casebook.batchOps.type',
        required: true,
        testId: 'batch-ops-type',
        options: BATCH_TYPES.map((t) => ({
          value: t,
          label: intl.formatMessage({ id: `casebook.batchOps.type.${t}` }),
        })),
      },
      {
        kind: 'select',
        name: 'crfver',
        labelId: 'casebook.batchOps.version',
        required: true,
        testId: 'batch-ops-version',
        options:
          versions.status === 'ready' ? versions.data.map((v) => ({ value: v.id, label: v.name })) : [],
      },
    ],
    [
      {
        kind: 'select',
        name: 'visitnum',
        labelId: 'casebook.batchOps.visit',
        required: true,
        half: true,
        testId: 'batch-ops-visit',
        options: allEvents.map((e) => ({ value: e.visitnum, label: `${e.visitnum} ${text(e.name)}` })),
      },
      {
        kind: 'select',
        name: 'tid',
        labelId: 'casebook.batchOps.form',
        required: true,
        half: true,
        testId: 'batch-ops-form',
        options: (visit?.forms ?? []).map((f) => ({ value: f.tid, label: `${f.tid} ${text(f.name)}` })),
      },
      {
        kind: 'date',
        name: 'date',
        labelId: 'casebook.batchOps.date',
        required: true,
        helper: intl.formatMessage({ id: 'casebook.batchOps.dateHelp' }),
        testId: 'batch-ops-date',
      },
      {
        kind: 'select',
        name: 'reasoncode',
        labelId: 'visit.mark.reason',
        required: true,
        requiredId: 'visit.mark.reasonRequired',
        testId: 'batch-ops-reason',
        options:
          reasons.status === 'ready' ? reasons.data.map((r) => ({ value: r.code, label: text(r.text) })) : [],
      },
      {
        kind: 'text',
        name: 'reasontext',
        labelId: 'visit.mark.reasonText',
        required: reason?.needsText ?? false,
        requiredId: 'visit.mark.reasonTextRequired',
        multiline: true,
        maxLength: 500,
        testId: 'batch-ops-reasontext',
      },
    ],
    [
      { kind: 'readonly', name: 'site', labelId: 'casebook.batchOps.site', value: siteName },
      {
        kind: 'select',
        name: 'subjects',
        labelId: 'casebook.batchOps.subjects',
        required: true,
        testId: 'batch-ops-subjects',
        options: [
          ...(selected.length > 0
            ? [
                {
                  value: 'selected',
                  label: intl.formatMessage(
                    { id: 'casebook.batchOps.subjects.selected' },
                    { count: selected.length },
                  ),
                },
              ]
            : []),
          { value: 'all', label: intl.formatMessage({ id: 'casebook.batchOps.subjects.all' }) },
        ],
      },
    ],
  ];
  const fields = stepFields[step]!;

  function change(name: string, value: string | null) {
    setValue(name, value);
    if (name === 'visitnum') setValue('tid', '');
    // what the preview showed no longer holds
    setPreview(null);
    setRefusal(null);
  }

  function params(): BatchParams {
    return {
      type: textOf(values, 'type') as BatchParams['type'],
      crfver: textOf(values, 'crfver'),
      visitnum: textOf(values, 'visitnum'),
      tid: textOf(values, 'tid'),
      date: textOf(values, 'date'),
      reasoncode: textOf(values, 'reasoncode'),
      reasontext: textOf(values, 'reasontext'),
      subjectids: values.subjects === 'selected' ? selected.map((r) => String(r.subjectid)) : [],
    };
  }

  function next() {
    setTried(true);
    if (missingFields(fields, values).length > 0) return;
    setTried(false);
    setStep((s) => s + 1);
  }

  async function call<T>(fn: () => Promise<T>): Promise<T | null> {
    setBusy(true);
    setRefusal(null);
    try {
      return await fn();
    } catch (err) {
      setRefusal(
        err instanceof RequestError && err.msg ? err.msg : intl.formatMessage({ id: 'casebook.saveFailed' }),
      );
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function showPreview() {
    setTried(true);
    if (missingFields(fields, values).length > 0) return;
    const answer = await call(() => client.call(batchPreview, params(), { silent: true }));
    if (answer) setPreview(answer);
  }

  async function run() {
    if (!preview) return;
    const answer = await call(() =>
      client.call(batchRun, { ...params(), token: preview.token }, { silent: true }),
    );
    if (answer) setStarted(answer);
  }

  const title = intl.formatMessage({ id: 'casebook.batchOps.title' });
  if (started) {
    return (
      <DialogFrame id="batch-ops" title={title} onClose={onClose}>
        <DialogContent>
          <BatchRunProgress
            started={started}
            onEnded={(job) => {
              if (job.state === 'done') onDone();
            }}
            {...(pollMs !== undefined ? { pollMs } : {})}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="batch-ops-close">
            <FormattedMessage id="casebook.batch.close" />
          </Button>
        </DialogActions>
      </DialogFrame>
    );
  }

  return (
    <DialogFrame id="batch-ops" title={title} onClose={onClose}>
      <DialogContent>
        <Stepper activeStep={step} sx={{ mb: 2 }}>
          {STEPS.map((id) => (
            <Step key={id}>
              <StepLabel>
                <FormattedMessage id={id} />
              </StepLabel>
            </Step>
          ))}
        </Stepper>
        <DialogFields id="batch-ops" fields={fields} values={values} onChange={change} tried={tried} />
        {preview ? <PreviewTable preview={preview} /> : null}
        {refusal ? (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="batch-ops-refusal">
            {refusal}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="casebook.cancel" />
        </Button>
        {step > 0 ? (
          <Button onClick={() => (setStep((s) => s - 1), setPreview(null))} disabled={busy}>
            <FormattedMessage id="casebook.batchOps.back" />
          </Button>
        ) : null}
        {step < STEPS.length - 1 ? (
          <Button variant="contained" onClick={next} data-testid="batch-ops-next">
            <FormattedMessage id="casebook.batchOps.next" />
          </Button>
        ) : (
          <>
            <Button onClick={showPreview} disabled={busy} data-testid="batch-ops-preview">
              <FormattedMessage id="casebook.batchOps.preview" />
            </Button>
            <Button
              variant="contained"
              onClick={run}
              disabled={busy || !preview || preview.counts.pages === 0}
              data-testid="batch-ops-run"
            >
              <FormattedMessage id="casebook.batchOps.run" values={{ pages: preview?.counts.pages ?? 0 }} />
            </Button>
          </>
        )}
      </DialogActions>
    </DialogFrame>
  );
}

/** What the run will change: counts, the first pages, and the pages left with why. */
function PreviewTable({ preview }: { preview: BatchPreview }) {
  const { counts, pages, skipped } = preview;
  return (
    <Box sx={{ mt: 2 }} data-testid="batch-ops-previewed">
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="batch-ops-counts">
        <FormattedMessage id="casebook.batchOps.counts" values={{ ...counts }} />
      </Typography>
      {pages.length > 0 ? (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>
                <FormattedMessage id="casebook.batchOps.col.subject" />
              </TableCell>
              <TableCell>
                <FormattedMessage id="casebook.batchOps.col.visit" />
              </TableCell>
              <TableCell>
                <FormattedMessage id="casebook.batchOps.col.date" />
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {pages.slice(0, PAGES_SHOWN).map((p) => (
              <TableRow
                key={`${p.subjectid}-${p.visitnum}-${p.cycnum}-${p.svnum}`}
                data-testid="batch-ops-page"
              >
                <TableCell>{p.subjid}</TableCell>
                <TableCell>{`${p.visitnum} / ${p.tid}`}</TableCell>
                <TableCell>{p.visitdate}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {skipped.length > 0 ? (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="casebook.batchOps.skipped" values={{ count: counts.skipped }} />
          </Typography>
          {skipped.slice(0, 10).map((s) => (
            <Typography
              key={`${s.subjectid}-${s.visitnum}-${s.cycnum}-${s.svnum}`}
              variant="body2"
              color="text.secondary"
              data-testid="batch-ops-skipped"
            >
              {`${s.subjid} ${s.visitnum}: ${s.reason}`}
            </Typography>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
