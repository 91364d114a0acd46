/**
 * A page's signings and breaks in its audit trail (audittrail.do, through the data domain's `auditEvents`
 * providers): the manifestation of 21 CFR 11.50 — printed name, date and time, meaning — where reviewers read the
 * record's history, not only in the signature dialog. Read from signature_audit (append-only).
 */
import type { Locale } from '../../../engine/api/localized';
import type { Db } from '../../core/db/db';
import type { AuditEventRow } from '../data/recordHooks';

interface EventRow {
  id: string;
  action: 'sign' | 'break';
  signer_name: string | null;
  meaning: { zh_CN: string; en: string } | null;
  items: string[] | null;
  cause: string | null;
  username: string;
  realname: string;
  rolename_zh: string;
  rolename_en: string;
  at: Date | string;
}

const LABEL = {
  sign: { zh_CN: '电子签名', en: 'Electronic signature' },
  break: { zh_CN: '签名失效', en: 'Signature broken' },
} as const;

const BROKEN_BY = { zh_CN: '数据修改：', en: 'Data changed: ' } as const;

/** A break by a casebook mark: the mark, worded (signature_audit.cause `mark:<kind>`). */
const BROKEN_BY_MARK: Readonly<Record<string, { zh_CN: string; en: string }>> = {
  'mark:invalid': { zh_CN: '页面被标记为无效', en: 'Page marked invalid' },
  'mark:uncollected': { zh_CN: '页面被标记为未收集', en: 'Page marked not collected' },
  'mark:unoccurred': { zh_CN: '页面被标记为未发生', en: 'Page marked not occurred' },
};

export async function signatureAuditEvents(
  db: Db,
  q: { recordId: string; locale: Locale },
): Promise<AuditEventRow[]> {
  const rows = await db.query<EventRow>(
    `select a.id::text as id, a.action, a.signer_name, a.meaning, a.items, a.cause, coalesce(u.username, a.user_id) as username,
            coalesce(u.realname, a.user_id) as realname, coalesce(r.rolename_zh, a.role_id) as rolename_zh,
            coalesce(r.rolename_en, a.role_id) as rolename_en, a.at
     from signature_audit a left join users u on u.id = a.user_id left join roles r on r.id = a.role_id
     where a.record_id = $1::bigint order by a.id`,
    [q.recordId],
  );
  return rows.map((a) => ({
    id: `signature-${a.id}`,
    action: 'event',
    // the whole page (as a note on the page names it)
    varname: '@page',
    label: LABEL[a.action],
    originalvalue: null,
    currentvalue: a.action === 'sign' ? (a.signer_name ?? a.realname) : null,
    note:
      a.action === 'sign'
        ? (a.meaning?.[q.locale] ?? null)
        : a.cause !== null
          ? (BROKEN_BY_MARK[a.cause]?.[q.locale] ?? a.cause)
          : `${BROKEN_BY[q.locale]}${(a.items ?? []).join(', ')}`,
    username: a.username,
    realname: a.realname,
    role: { zh_CN: a.rolename_zh, en: a.rolename_en },
    at: new Date(a.at).toISOString(),
  }));
}
