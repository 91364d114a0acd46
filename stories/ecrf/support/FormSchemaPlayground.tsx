/**
 * The form-schema playground: a schema edited as JSON, compiled on every change and shown as the live data-entry
 * form — or, when it cannot be used, every issue listed (JSON syntax by line and column; schema issues by path and
 * subject in the UI language). While the JSON cannot be read the preview keeps the last schema that could.
 */
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { compileForm } from '../../../engine/form';
import { EcrfForm, SchemaIssuesPanel } from '../../../renderers/ecrf';
import { readJson } from '../../support/jsonSyntax';
import { STORY_FORM_CTX } from './EcrfStory';

export interface FormSchemaPlaygroundProps {
  /** The schema the editor starts from (wire format). */
  schema: unknown;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const EMPTY = {};

export function FormSchemaPlayground({ schema }: FormSchemaPlaygroundProps) {
  const intl = useIntl();
  const [text, setText] = useState(() => pretty(schema));
  const reading = useMemo(() => readJson(text), [text]);
  const [last, setLast] = useState<{ value: unknown; key: string }>(() => ({
    value: schema,
    key: pretty(schema),
  }));
  if (reading.ok) {
    const key = JSON.stringify(reading.value);
    if (key !== last.key) setLast({ value: reading.value, key });
  }
  const compiled = useMemo(() => compileForm(last.value), [last]);
  const syntax = reading.ok ? null : reading.problem;

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, alignItems: 'flex-start' }}>
      <Box sx={{ flex: '1 1 420px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <TextField
          label={intl.formatMessage({ id: 'ecrf.playground.editor' })}
          multiline
          minRows={16}
          maxRows={32}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{
            htmlInput: { spellCheck: false, 'data-testid': 'playground-editor' },
            input: {
              sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 },
            },
          }}
        />
        <Box>
          <Button size="small" onClick={() => setText(pretty(schema))}>
            <FormattedMessage id="ecrf.playground.restore" />
          </Button>
        </Box>
        <Box data-testid="playground-problems">
          {syntax ? (
            <Typography variant="body2" color="error.main" role="alert" data-testid="playground-json-error">
              {syntax.found === null
                ? intl.formatMessage(
                    { id: 'builder.jsonErrorAtEnd' },
                    { line: syntax.line, column: syntax.column },
                  )
                : intl.formatMessage(
                    { id: 'builder.jsonError' },
                    { line: syntax.line, column: syntax.column, found: syntax.found },
                  )}
            </Typography>
          ) : compiled.ok ? (
            <Typography variant="body2" color="success.main">
              <FormattedMessage id="ecrf.playground.noIssues" />
            </Typography>
          ) : null}
          {!compiled.ok && <SchemaIssuesPanel issues={compiled.issues} />}
        </Box>
      </Box>
      <Box sx={{ flex: '1 1 560px', minWidth: 0 }} data-testid="playground-preview">
        {syntax && (
          <Typography variant="caption" color="warning.dark" component="p" data-testid="playground-stale">
            <FormattedMessage id="ecrf.playground.stale" />
          </Typography>
        )}
        {compiled.ok && <EcrfForm key={last.key} form={compiled.form} ctx={STORY_FORM_CTX} values={EMPTY} />}
      </Box>
    </Box>
  );
}
