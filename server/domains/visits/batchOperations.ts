/**
 * Casebook batch operations (issue 12; docs/casebook-batch-operations.md): one form of one visit marked not
 * collected, not occurred or invalid in many subjects' casebooks at once, with a reason. The preview and the run
 * share one classification (`classify`): each page the parameters reach is either marked or left with the same
 * refusal activedata.do would give it (marked already, data entered, the whole visit marked, frozen …). The run
 * classifies again inside its transaction, with the subjects locked, and goes on only when the pages are still
 * exactly those previewed (the token); then it writes every mark and its visit audit row, all or nothing.
 *
 * Jobs (docs/casebook-batch-jobs.md): batchrun.do checks (`checkRun`) and queues a job (batchJobs.ts); the job
 * calls `runBatch`, one transaction (at most MAX_BATCH_PAGES pages) that checks everything again first.
 */
import { createHash } from 'node:crypto';
import {
  MAX_BATCH_PAGES,
  type BatchPage,
  type BatchParams,
  type BatchPreview,
  type BatchSkipped,
  type EventType,
} from '../../../engine/api/casebookBatch';
import type { Locale } from '../../../engine/api/localized';
import { MARK_OF_ACTION, type VisitKind } from '../../../engine/api/visits';
import type { RoleSession } from '../../core/auth/guard';
import { queryOne, type Db } from '../../core/db/db';
import { message } from '../../core/messages';
import { latestFormSummaries } from '../data/formsRepository';
import type { RecordHooks } from '../data/recordHooks';
import { metaTextOf } from '../data/service';
import { rolePermissions } from '../subjects/casebookRepository';
import { Refused } from '../subjects/casebookService';
import { VISIT_PERMISSION, markRefusal } from './casebookRules';
import {
  appendVisitAudit,
  insertMark,
  invalidationReasonByCode,
  lockSubject,
  recordCount,
  subjectMarks,
} from './casebookVisitsRepository';

/** How many skipped pages an answer lists (the counts hold them all). */
const SKIPPED_LISTED = 200;

interface Classified {
  pages: BatchPage[];
  skipped: BatchSkipped[];
}

/** Checks what does not depend on the casebooks: permission, version, visit and form, date, reason. */
async function checkParams(db: Db, session: BatchActor, input: BatchParams) {
  const granted = await rolePermissions(db, session.roleId);
  if (!granted.has(VISIT_PERMISSION.mark)) throw new Refused('markNotAllowed', {}, 403);
  const version = await queryOne<{ id: string }>(
    db,
    'select id from crf_versions where study_id = $1 and id = $2',
    [session.studyId, input.crfver],
  );
  if (!version) throw new Refused('batchUnknownVersion');
  const form = await queryOne<{ n: number }>(
    db,
    `select count(*)::int as n from visit_schedule
     where study_id = $1 and visitnum = $2 and $3 = any(tids || optional_tids)`,
    [session.studyId, input.visitnum, input.tid],
  );
  if ((form?.n ?? 0) === 0) throw new Refused('batchUnknownVisit');
  const day = new Date(`${input.date}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== input.date) {
    throw new Refused('batchDateInvalid');
  }
  const reason = await invalidationReasonByCode(db, session.studyId, input.reasoncode);
  if (!reason) throw new Refused('unknownReason');
  const text = (input.reasontext ?? '').trim();
  if (reason.needs_text && text === '') throw new Refused('reasonTextRequired');
  return { reasonCode: reason.code, reasonText: text || null };
}

/** The visits the parameters reach: chosen site, eCRF version, visit dated on or before the date, form in it. */
function candidates(db: Db, session: BatchActor, input: BatchParams): Promise<BatchPage[]> {
  return db.query<BatchPage>(
    `select s.id as subjectid, s.subjid, sv.visitnum, sv.cycnum, sv.svnum, $6::text as tid,
            to_char(sv.visitdate, 'YYYY-MM-DD') as visitdate
     from subjects s
       join subject_visits sv on sv.subject_id = s.id
       join visit_schedule vs on vs.study_id = s.study_id and vs.visitnum = sv.visitnum
     where s.study_id = $1 and s.site_id = $2 and s.abandoned_at is null
       and coalesce(s.crfver, (select id from crf_versions where study_id = $1 and current limit 1)) = $3
       and sv.visitnum = $4 and sv.visitdate is not null and sv.visitdate <= $5::date
       and $6 = any(vs.tids || sv.extra_tids)
       and (cardinality($7::text[]) = 0 or s.id = any($7::text[]))
     order by s.subjid, sv.cycnum, sv.svnum`,
    [
      session.studyId,
      session.siteId,
      input.crfver,
      input.visitnum,
      input.date,
      input.tid,
      input.subjectids ?? [],
    ],
  );
}

/** Each reached page: marked by the run, or left with activedata.do's own refusal. */
async function classify(
  db: Db,
  session: BatchActor,
  input: BatchParams,
  locale: Locale,
  hooks: RecordHooks | undefined,
): Promise<Classified> {
  const out: Classified = { pages: [], skipped: [] };
  for (const page of await candidates(db, session, input)) {
    const keys = { visitnum: page.visitnum, cycnum: page.cycnum, svnum: page.svnum };
    const marks = await subjectMarks(db, page.subjectid, keys);
    const entered = await recordCount(db, page.subjectid, keys, page.tid);
    const refusal = markRefusal(input.type, {
      own: marks.find((m) => m.tid === page.tid)?.mark ?? null,
      visit: marks.find((m) => m.tid === '')?.mark ?? null,
      entered: entered > 0 ? 1 : 0,
    });
    if (refusal) {
      out.skipped.push({ ...page, reason: message(refusal, locale) });
      continue;
    }
    const guarded = hooks
      ? await hooks.checkSave(db, {
          studyId: session.studyId,
          subjectId: page.subjectid,
          ...keys,
          tid: page.tid,
          recordId: null,
          changed: null,
        })
      : null;
    if (guarded) {
      out.skipped.push({ ...page, reason: message(guarded.messageId, locale, guarded.values) });
      continue;
    }
    out.pages.push(page);
  }
  return out;
}

function countsOf(pages: readonly BatchPage[]) {
  return {
    subjects: new Set(pages.map((p) => p.subjectid)).size,
    visits: new Set(pages.map((p) => `${p.subjectid}\u0000${p.visitnum}\u0000${p.cycnum}\u0000${p.svnum}`))
      .size,
    pages: pages.length,
  };
}

/** Names exactly these pages under these parameters (what the run compares with the preview). */
function tokenOf(input: BatchParams, pages: readonly BatchPage[]): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([input.type, input.reasoncode, (input.reasontext ?? '').trim()]));
  for (const p of pages)
    hash.update(`\n${p.subjectid}\u0000${p.visitnum}\u0000${p.cycnum}\u0000${p.svnum}\u0000${p.tid}`);
  return hash.digest('hex');
}

/** batchpreview.do: writes nothing. */
export async function previewBatch(
  db: Db,
  session: RoleSession,
  input: BatchParams,
  locale: Locale,
  hooks?: RecordHooks,
): Promise<BatchPreview> {
  await checkParams(db, session, input);
  const { pages, skipped } = await classify(db, session, input, locale, hooks);
  return {
    pages: pages.slice(0, MAX_BATCH_PAGES + 1),
    skipped: skipped.slice(0, SKIPPED_LISTED),
    counts: { ...countsOf(pages), skipped: skipped.length },
    token: tokenOf(input, pages),
  };
}

/** Who runs a batch: the session at batchrun.do, and the job's owner and scope when it runs. */
export type BatchActor = Pick<RoleSession, 'studyId' | 'siteId' | 'roleId' | 'userId'>;

/** What batchrun.do hands the job: the parameters, the preview's token, what it counted, the locale of answers. */
export interface BatchJobPayload {
  params: BatchParams;
  token: string;
  counts: BatchCounts;
  locale: Locale;
}

export type BatchCounts = ReturnType<typeof countsOf>;

/** The pages still exactly those previewed (else the refusal: nothing to do, too many, changed). */
function samePages(input: BatchParams & { token: string }, pages: readonly BatchPage[]): void {
  if (pages.length === 0) throw new Refused('batchNothingToDo');
  if (pages.length > MAX_BATCH_PAGES) {
    throw new Refused('batchTooMany', { pages: String(pages.length), max: String(MAX_BATCH_PAGES) });
  }
  if (tokenOf(input, pages) !== input.token) throw new Refused('batchChanged');
}

/**
 * batchrun.do before the job: the same checks as the run (permission, parameters, the scope of the chosen site,
 * the pages still those previewed), so that a refused run queues nothing; what it counted goes with the job.
 */
export async function checkRun(
  db: Db,
  session: BatchActor,
  input: BatchParams & { token: string },
  locale: Locale,
  hooks?: RecordHooks,
): Promise<BatchJobPayload> {
  await checkParams(db, session, input);
  const { pages } = await classify(db, session, input, locale, hooks);
  samePages(input, pages);
  const { token, ...params } = input;
  return { params, token, counts: countsOf(pages), locale };
}

/** How often (pages) a run inside its transaction publishes its progress (PostgreSQL: another connection). */
const PROGRESS_EVERY = 25;

export interface BatchRunContext {
  /** Publishes progress; called inside the run's transaction only when `live` (another connection than it). */
  progress(done: number, total: number): Promise<void>;
  live: boolean;
  /** Marks the job done inside the transaction: a restart after the commit never reports written marks as lost. */
  finish(tx: Db, total: number): Promise<void>;
}

/**
 * The batch run (the job's work): every previewed page marked, its visit audit row and the mark hooks (a signed
 * page's signature breaks, as with activedata.do), in one transaction, or nothing.
 */
export async function runBatch(
  db: Db,
  actor: BatchActor,
  input: BatchParams & { token: string },
  locale: Locale,
  at: Date,
  run: BatchRunContext,
  hooks?: RecordHooks,
): Promise<BatchCounts> {
  const reason = await checkParams(db, actor, input);
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('edc.user_id', $1, true)`, [actor.userId]);
    // lock the reached subjects in a fixed order (two runs at once wait for each other), then classify again
    const reached = [...new Set((await candidates(tx, actor, input)).map((p) => p.subjectid))].sort();
    for (const subjectId of reached) await lockSubject(tx, subjectId);
    const { pages } = await classify(tx, actor, input, locale, hooks);
    samePages(input, pages);
    const mark = MARK_OF_ACTION[input.type];
    let written = 0;
    for (const p of pages) {
      const keys = { visitnum: p.visitnum, cycnum: p.cycnum, svnum: p.svnum };
      const target = { subjectId: p.subjectid, ...keys, tid: p.tid };
      await insertMark(tx, target, mark, { code: reason.reasonCode, text: reason.reasonText }, actor, at);
      await appendVisitAudit(tx, {
        studyId: actor.studyId,
        subjectId: p.subjectid,
        ...keys,
        tid: p.tid,
        action: 'mark',
        oldvalue: null,
        newvalue: mark,
        reasonCode: reason.reasonCode,
        reasonText: reason.reasonText,
        userId: actor.userId,
        roleId: actor.roleId,
        siteId: actor.siteId,
        at,
      });
      await hooks?.runMarked(tx, {
        actor: { userId: actor.userId, roleId: actor.roleId },
        studyId: actor.studyId,
        subjectId: p.subjectid,
        ...keys,
        tids: [p.tid],
        mark,
        at,
      });
      written += 1;
      if (run.live && written % PROGRESS_EVERY === 0) await run.progress(written, pages.length);
    }
    await run.finish(tx, pages.length);
    return countsOf(pages);
  });
}

/** The answer of a finished run ('Batch job successfully …'). */
export function batchSuccessMessage(counts: BatchCounts, locale: Locale): string {
  return message('batchJobSuccess', locale, {
    pages: String(counts.pages),
    subjects: String(counts.subjects),
    visits: String(counts.visits),
  });
}

/** eventtype.do: the schedule's visits by kind, each with its forms (names from the forms' latest versions). */
export async function eventTypes(db: Db, studyId: string, type: string | undefined): Promise<EventType[]> {
  const rows = await db.query<{
    visitnum: string;
    name_zh: string;
    name_en: string;
    kind: string;
    tids: string[];
  }>(
    `select visitnum, name_zh, name_en, kind, tids || optional_tids as tids from visit_schedule
     where study_id = $1 and ($2::text is null or kind = $2) order by sort, visitnum`,
    [studyId, type ?? null],
  );
  const forms = await latestFormSummaries(db, studyId, [...new Set(rows.flatMap((r) => r.tids))]);
  const kinds = [...new Set(rows.map((r) => r.kind as VisitKind))];
  return kinds.map((kind) => ({
    type: kind,
    events: rows
      .filter((r) => r.kind === kind)
      .map((r) => ({
        visitnum: r.visitnum,
        name: { zh_CN: r.name_zh, en: r.name_en },
        forms: [...new Set(r.tids)].map((tid) => ({ tid, name: metaTextOf(forms.get(tid)?.name, tid) })),
      })),
  }));
}
