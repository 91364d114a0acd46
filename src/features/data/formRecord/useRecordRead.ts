/** Reads one record of a form (datainfo) and compiles its schema once: what the form record page shows. */
import { useMemo } from 'react';
import {
  dataInfo,
  type ItemStatus,
  type RecordCapability,
  type RecordInfo,
} from '../../../../engine/api/data';
import { compileFormCached } from '../../../../engine/form';
import type { CompiledForm, FormSchemaIssue, FormValues } from '../../../../engine/form/types';
import type { RecordKeys } from '../../../../renderers/actions/recordActions';
import type { AsyncState } from '../../../../renderers/async/useAsync';
import { useEndpoint } from '../../../../renderers/async/useEndpoint';

export interface RecordRead {
  form: CompiledForm;
  record: RecordInfo | null;
  values: FormValues;
  items: Record<string, ItemStatus>;
  capabilities: ReadonlySet<RecordCapability>;
}

/** The record, or the issues of a malformed schema (the form cannot be shown). */
export type CompiledRecord =
  { ok: true; read: RecordRead } | { ok: false; issues: readonly FormSchemaIssue[] };

/**
 * The record at `keys` (`lineno`: the row of a log-line form; 'new' or null: none), its schema compiled; a new
 * `reloadToken` reads it again.
 */
export function useRecordRead(
  keys: RecordKeys,
  lineno: number | 'new' | null,
  reloadToken: number,
): AsyncState<CompiledRecord> {
  const params = { ...keys, ...(typeof lineno === 'number' ? { lineno } : {}) };
  const state = useEndpoint(dataInfo, params, { reloadToken });
  const data = state.status === 'ready' ? state.data : null;
  const compiled = useMemo<CompiledRecord | null>(() => {
    if (data === null) return null;
    // against the study's code lists when the server names them: a select naming a list the study has not is a
    // problem of the form shown in place of it (form.unknownCodeList), not an empty select
    const result = compileFormCached(
      data.schema,
      data.codeLists ? { codeLists: Object.fromEntries(data.codeLists.map((name) => [name, null])) } : {},
    );
    if (!result.ok) return { ok: false, issues: result.issues };
    const { record, values, items, capabilities } = data;
    return {
      ok: true,
      read: { form: result.form, record, values, items, capabilities: new Set(capabilities) },
    };
  }, [data]);
  // the same state, the answer compiled (`previous` left out: an earlier record is never shown for this one)
  const { retry } = state;
  switch (state.status) {
    case 'ready':
      return compiled ? { status: 'ready', data: compiled, retry } : { status: 'loading', retry };
    case 'refused':
      return { status: 'refused', error: state.error, message: state.message, retry };
    case 'failed':
      return { status: 'failed', error: state.error, retry };
    default:
      return { status: state.status, retry };
  }
}
