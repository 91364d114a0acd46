/**
 * What the data routes (and the domains built on them: visits, edit checks) share: a form version compiled for
 * data, a record within the session's scope, and a form's name as the wire carries it.
 */
import type { MetaText } from '../../../engine/metadata/types';
import type { RoleSession } from '../../core/auth/guard';
import type { AppContext } from '../../core/context';
import type { FormSchemaService, LoadedForm } from './formSchemas';
import { findRecordById, type RecordRow } from './recordsRepository';
import { NotFound, subjectInScope } from './scope';

/**
 * The compiled form of a version, or NotFound (no such version; a schema with issues cannot take data). With the
 * request's code-list version (lists/codeListVersion.ts), its lists' options are not read again while unchanged.
 */
export async function compiledForm(
  schemas: FormSchemaService,
  studyId: string,
  tid: string,
  version: number,
  codeListVersion: string | null = null,
) {
  const loaded: LoadedForm | null = await schemas.load(studyId, tid, version, codeListVersion);
  if (!loaded) throw new NotFound('formVersionNotFound');
  if (!loaded.ok) throw new NotFound('formSchemaInvalid');
  return loaded.form;
}

/** A record in the session's study at a site of the role's scope, or NotFound(recordNotFound). */
export async function scopedRecord(
  ctx: AppContext,
  session: RoleSession,
  recordId: string,
): Promise<RecordRow> {
  const record = await findRecordById(ctx.db, session.studyId, recordId);
  if (!record || !(await subjectInScope(ctx.db, session, record.subjectId)))
    throw new NotFound('recordNotFound');
  return record;
}

export function metaTextOf(value: unknown, fallback: string): MetaText {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'zh_CN' in value && 'en' in value) {
    const { zh_CN, en } = value as { zh_CN: unknown; en: unknown };
    if (typeof zh_CN === 'string' && typeof en === 'string') return { zh_CN, en };
  }
  return fallback;
}
