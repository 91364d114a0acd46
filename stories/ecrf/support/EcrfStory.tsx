/**
 * An eCRF form in a story: the raw schema compiled once (as the app does per schema version), EcrfForm, and a
 * small bench above it — validate everything, the dirty flag and the values as the page would save them.
 */
import { useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from '../../../renderers/intl';
import type { ItemStatus } from '../../../engine/api/data';
import { compileFormCached } from '../../../engine/form';
import type { FormContext, FormProblems, FormValues, RawFormSchema } from '../../../engine/form/types';
import type { CodeOptionWire } from '../../../engine/api/lists';
import { listDefinitions } from '../../../fixtures';
import { EcrfForm, SchemaIssuesPanel, type EcrfFormController } from '../../../renderers/ecrf';

/** Today of every story (rules' today()), so that stories do not change with the date. */
export const STORY_FORM_CTX: FormContext = { textLimit: 2000, numUnknownAllowed: true, today: '2026-11-21' };

const codeLists = listDefinitions.codeLists as unknown as Record<string, readonly CodeOptionWire[]>;

/** Story parameters answering the code lists the CDASH forms name (SEX, YN …). */
export const codeListApi = {
  app: {
    api: { codeList: ({ codelisttype }: { codelisttype: string }) => [...(codeLists[codelisttype] ?? [])] },
  },
};

export interface EcrfStoryProps {
  schema: RawFormSchema;
  values?: FormValues;
  problems?: FormProblems;
  itemStatus?: Record<string, ItemStatus>;
  readOnly?: boolean;
  ctx?: FormContext;
}

const EMPTY: FormValues = {};

export function EcrfStory({
  schema,
  values = EMPTY,
  problems,
  itemStatus,
  readOnly,
  ctx = STORY_FORM_CTX,
}: EcrfStoryProps) {
  const compiled = useMemo(() => compileFormCached(schema as object), [schema]);
  const controller = useRef<EcrfFormController>(null);
  const [report, setReport] = useState<{ dirty: boolean; values: FormValues } | null>(null);
  if (!compiled.ok) return <SchemaIssuesPanel issues={compiled.issues} />;
  const show = () => {
    const c = controller.current;
    if (c) setReport({ dirty: c.isDirty(), values: c.getValues() });
  };
  return (
    <Box sx={{ p: 2, maxWidth: 1100 }}>
      <Box sx={{ display: 'flex', gap: 1, mb: 2, alignItems: 'center' }}>
        <Button
          variant="outlined"
          size="small"
          onClick={() => {
            controller.current?.validateAll();
            controller.current?.focusFirstProblem();
          }}
        >
          <FormattedMessage id="ecrf.story.validateAll" />
        </Button>
        <Button variant="outlined" size="small" onClick={show}>
          <FormattedMessage id="ecrf.story.showValues" />
        </Button>
        {report && (
          <Typography
            component="output"
            variant="caption"
            data-testid="story-values"
            sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap' }}
          >
            {`dirty=${report.dirty} ${JSON.stringify(report.values)}`}
          </Typography>
        )}
      </Box>
      <EcrfForm
        form={compiled.form}
        ctx={ctx}
        values={values}
        controllerRef={controller}
        {...(problems ? { problems } : {})}
        {...(itemStatus ? { itemStatus } : {})}
        {...(readOnly ? { readOnly } : {})}
      />
    </Box>
  );
}
