/**
 * What each role may do with study data (issue 4): read it (PI, CRC, CRA, DM, SPONSOR) and enter or change it (PI,
 * CRC). CODER and SUPPORT get no data at all (they do not even have the subject page). Checked on every data
 * endpoint, after the page check and before the subject's site is looked at.
 */
import type { Locale } from '../../../engine/api/localized';
import type { Db } from '../db/db';
import { HttpAnswer, fail } from '../http/envelope';
import { message } from '../messages';
import type { RoleSession } from './guard';

export type DataAccess = 'read' | 'write';

export const DATA_READ_ROLES: ReadonlySet<string> = new Set(['PI', 'CRC', 'CRA', 'DM', 'SPONSOR']);
export const DATA_WRITE_ROLES: ReadonlySet<string> = new Set(['PI', 'CRC']);

/** Whether a role (by code) may read or write study data. */
export function roleMay(rolecode: string, access: DataAccess): boolean {
  return (access === 'write' ? DATA_WRITE_ROLES : DATA_READ_ROLES).has(rolecode);
}

/**
 * The session's role code: read with the session at the start of the request (RoleSession, guard.ts), not again.
 * Async and taking `db` as the callers have always called it.
 */
export function sessionRoleCode(_db: Db, session: RoleSession): Promise<string> {
  return Promise.resolve(session.rolecode);
}

/** The session's role code when it may `access` data; else HTTP 403 (dataNotAllowed). */
export async function requireDataAccess(
  _db: Db,
  session: RoleSession,
  access: DataAccess,
  locale: Locale,
): Promise<string> {
  const rolecode = session.rolecode;
  if (!roleMay(rolecode, access)) {
    throw new HttpAnswer(
      403,
      fail(message(access === 'write' ? 'dataWriteNotAllowed' : 'dataNotAllowed', locale), 403),
    );
  }
  return rolecode;
}

/**
 * Picture permissions of a role (findPicParam.do, spec §3/§6): OCR of uploaded source documents, seeing images,
 * uploading them, de-identifying (desensitising) them. Site roles upload and OCR; monitors and data managers see;
 * data managers also de-identify.
 */
export function picturePermissions(rolecode: string): {
  can_ocr: boolean;
  can_see: boolean;
  can_upload: boolean;
  can_desen: boolean;
} {
  const site = rolecode === 'PI' || rolecode === 'CRC';
  const reviewer = rolecode === 'CRA' || rolecode === 'DM';
  return { can_ocr: site, can_see: site || reviewer, can_upload: site, can_desen: rolecode === 'DM' };
}
