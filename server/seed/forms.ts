/**
 * The demo study's eCRF content and data (issue 4):
 * - the form schemas of fixtures/forms (DM, IE, VS, LB, DA, AE, CM and the generated BIG500), the visit schedule
 *   (V1 Screening, V2 Baseline, V3 Week 4, V4 Week 8, LOG, EXT) and the reasons-for-change dictionary;
 * - every subject's visits, by one set-based INSERT … SELECT (100,000 subjects stay fast): V1 dated at screening,
 *   V2–V4 at enrolment + the planned day when the subject got that far, LOG and EXT undated;
 * - records for a few demo subjects, saved through the same save service as savedata.do/updatedata.do (engine
 *   validation, audit rows), as crc.li (CRC):
 *   - DEMO_SUBJECTS.entry (subj-bj01-0001, BJ01): V1 DM and IE entered; V1 VS and LB NOT entered (the e2e enters
 *     VS); LOG: one adverse event;
 *   - the first other BJ01 subject with a dated V2 (DEMO_SUBJECTS.rich, found at seed time): V1 DM, IE, VS
 *     (complete), LB; V2 VS entered with a confirmed soft warning (status 1) and then changed with a reason (an
 *     update in its audit trail); LOG: two adverse events and one medication;
 *   - subj-sh01-0001 (SH01): V1 DM.
 */
import { readdir } from 'node:fs/promises';
import { editReasons as demoEditReasons } from '../../fixtures/forms/index';
import type { FormValues } from '../../engine/form/types';
import type { MetaText } from '../../engine/metadata/types';
import { queryOne, type Db } from '../core/db/db';
import { putEditReason, putFormSchema, type FormSchemaRow } from '../domains/data/formsRepository';
import { findRecord } from '../domains/data/recordsRepository';
import { createFormSchemaService, userFormContext } from '../domains/data/formSchemas';
import { saveNewRecord, updateExistingRecord, type SaveActor } from '../domains/data/saveRecord';
import { DEMO_STUDY_ODM_FILE, demoStudyDefinition } from './demoStudy';

/** Files that shape the seeded forms (for the test snapshot's key). */
export async function formSeedSourceFiles(): Promise<URL[]> {
  const schemasDir = new URL('../../fixtures/forms/schemas/', import.meta.url);
  return [
    ...(await readdir(schemasDir)).sort().map((f) => new URL(f, schemasDir)),
    new URL('../../fixtures/forms/index.ts', import.meta.url),
    new URL('../../fixtures/forms/generateBigForm.ts', import.meta.url),
    new URL('./forms.ts', import.meta.url),
    DEMO_STUDY_ODM_FILE,
    new URL('./demoStudy.ts', import.meta.url),
  ];
}

/** The demo subjects that carry records (see the module comment). */
export const DEMO_SUBJECTS = {
  /** The e2e's subject: V1 has VS not entered. */
  entry: 'subj-bj01-0001',
  sh01: 'subj-sh01-0001',
} as const;

/** The user the demo records are entered as. */
export const DEMO_ENTRY_USER = 'crc.li';

function text(meta: MetaText): { zh_CN: string; en: string } {
  return typeof meta === 'string' ? { zh_CN: meta, en: meta } : meta;
}

/**
 * Schemas, visit schedule and edit reasons. The schemas, visits (kind, planned day, forms and optional forms) and
 * code lists come from the demo study's ODM file, imported as a real import is (./demoStudy.ts); the visits' order
 * is the file's Protocol order (sort 1, 2, …).
 */
export async function seedFormDefinitions(tx: Db, studyId: string, now: Date): Promise<void> {
  const definition = await demoStudyDefinition();
  for (const schema of definition.forms) {
    const row: FormSchemaRow = {
      tid: schema.tid,
      formid: schema.formid,
      version: schema.version,
      reftype: schema.reftype ?? '3',
      logline: schema.logline ?? false,
      schema: schema as unknown as Record<string, unknown>,
    };
    await putFormSchema(tx, studyId, row, now);
  }
  for (const [index, v] of definition.visits.entries()) {
    const name = text(v.name);
    await tx.query(
      `insert into visit_schedule (study_id, visitnum, name_zh, name_en, sort, day, tids, kind, optional_tids)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       on conflict (study_id, visitnum) do update set name_zh = excluded.name_zh, name_en = excluded.name_en,
         sort = excluded.sort, day = excluded.day, tids = excluded.tids, kind = excluded.kind,
         optional_tids = excluded.optional_tids`,
      [studyId, v.visitnum, name.zh_CN, name.en, index + 1, v.day, v.tids, v.kind, v.optionalTids],
    );
  }
  for (const [sort, r] of demoEditReasons.entries()) {
    const t = text(r.text);
    await putEditReason(tx, studyId, { code: r.code, text_zh: t.zh_CN, text_en: t.en, sort });
  }
}

const SUBJECT_VISITS_SQL = `
insert into subject_visits (subject_id, visitnum, cycnum, svnum, visitdate)
select s.id, v.visitnum, 1, 1,
       case when v.day is null then null
            when v.day < 0 then (s.created_at at time zone 'UTC')::date
            when s.enrolldate is not null and s.enrolldate + v.day <= coalesce(s.lastvisitdate, s.enrolldate)
              then s.enrolldate + v.day
       end
from subjects s cross join visit_schedule v
where s.study_id = $1 and v.study_id = $1 and v.kind = 'scheduled'`;

/** Every subject's scheduled visits (cycle 1, sub-visit 1), in one statement; other kinds are added by users. */
export async function generateSubjectVisits(tx: Db, studyId: string): Promise<void> {
  await tx.query(SUBJECT_VISITS_SQL, [studyId]);
}

/** Removes the study's records and subject visits (before its subjects are generated again); the audit stays. */
export async function clearSubjectData(tx: Db, studyId: string): Promise<void> {
  // queries point at records and subjects without cascade (their history is append-only and stays, without a key):
  // the import rows that raised them let go first, then the queries (newest first: a requery follows its query)
  await tx.query(
    `update query_import_rows set query_id = null, record_id = null
     where batch_id in (select id from query_import_batches where study_id = $1)`,
    [studyId],
  );
  await tx.query('update queries set follows = null where study_id = $1', [studyId]);
  await tx.query('delete from queries where study_id = $1', [studyId]);
  await tx.query('delete from form_records where study_id = $1', [studyId]);
  await tx.query(
    'delete from casebook_marks where subject_id in (select id from subjects where study_id = $1)',
    [studyId],
  );
  await tx.query(
    'delete from subject_visits where subject_id in (select id from subjects where study_id = $1)',
    [studyId],
  );
}

interface SubjectFacts {
  id: string;
  siteId: string;
  sex: string;
  birthdate: string | null;
  screened: string;
  v2: string | null;
}

async function subjectFacts(tx: Db, subjectId: string): Promise<SubjectFacts | null> {
  return queryOne<SubjectFacts>(
    tx,
    `select s.id, s.site_id as "siteId", s.sex, to_char(s.birthdate, 'YYYY-MM-DD') as birthdate,
            to_char((s.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as screened,
            (select to_char(visitdate, 'YYYY-MM-DD') from subject_visits
             where subject_id = s.id and visitnum = 'V2' and cycnum = 1 and svnum = 1) as v2
     from subjects s where s.id = $1`,
    [subjectId],
  );
}

/** The first BJ01 subject after the entry subject whose V2 has a date (the richly entered demo subject). */
export async function richDemoSubject(db: Db, studyId: string): Promise<string | null> {
  const row = await queryOne<{ id: string }>(
    db,
    `select s.id from subjects s join sites si on si.id = s.site_id
       join subject_visits v on v.subject_id = s.id and v.visitnum = 'V2' and v.cycnum = 1 and v.svnum = 1
     where s.study_id = $1 and si.sitecode = 'BJ01' and s.id <> $2 and v.visitdate is not null
     order by s.subjid limit 1`,
    [studyId, DEMO_SUBJECTS.entry],
  );
  return row?.id ?? null;
}

const dmValues = (s: SubjectFacts): FormValues => ({
  DMDAT: s.screened,
  BRTHDAT: s.birthdate,
  SEX: s.sex === 'F' ? 'F' : 'M',
  CHILDPOT: s.sex === 'F' ? 'N' : null,
  ETHNIC: 'NOT HISPANIC OR LATINO',
  RACE: ['ASIAN'],
});

const ieValues = (date: string): FormValues => ({
  IEDAT: date,
  IEIN01: 'Y',
  IEIN02: 'Y',
  IEIN03: 'Y',
  IEIN04: 'Y',
  IEEX01: 'N',
  IEEX02: 'N',
  IEEX03: 'N',
  IEEX04: 'N',
  IEYN: 'Y',
});

const vsValues = (date: string, sysbp: string, pulse: string): FormValues => ({
  VSDAT: date,
  VSTIM: '09:30',
  VSPOS: 'SITTING',
  SYSBP: sysbp,
  DIABP: '78',
  PULSE: pulse,
  RESP: '16',
  TEMP: '36.6',
  TEMPLOC: 'AXILLA',
  WEIGHT: '68.5',
  HEIGHT: '172',
});

const lbValues = (date: string): FormValues => ({
  LBDAT: date,
  LBTIM: '08:15',
  LBFAST: 'Y',
  HGB: '138',
  WBC: '6.2',
  PLT: '231',
  ALT: '22',
  AST: '25',
  CREAT: '76',
  LBNRIND: 'NORMAL',
});

const aeValues = (start: string, term: string, severity: string): FormValues => ({
  AETERM: term,
  AESTDAT: start,
  AEONGO: 'Y',
  AESEV: severity,
  AESER: 'N',
  AEREL: 'POSSIBLY RELATED',
  AEACN: 'DOSE NOT CHANGED',
  AEOUT: 'RECOVERING/RESOLVING',
});

const cmValues = (start: string): FormValues => ({
  CMTRT: 'Paracetamol',
  CMINDC: 'Headache',
  CMDOSE: '500',
  CMDOSU: 'mg',
  CMDOSFRQ: 'PRN',
  CMROUTE: 'ORAL',
  CMSTDAT: start,
  CMONGO: 'Y',
});

/** Records of the demo subjects (those that exist), entered through the save service. */
export async function seedDemoRecords(tx: Db, studyId: string, now: Date): Promise<void> {
  const user = await queryOne<{ id: string; roleid: string; siteid: string }>(
    tx,
    `select u.id, ur.role_id as roleid, ur.site_id as siteid from users u
     join user_roles ur on ur.user_id = u.id and ur.study_id = $2
     join roles r on r.id = ur.role_id and r.rolecode = 'CRC'
     join sites si on si.id = ur.site_id
     where u.username = $1 order by si.sitecode limit 1`,
    [DEMO_ENTRY_USER, studyId],
  );
  if (!user) return;
  const actor: SaveActor = {
    userId: user.id,
    username: DEMO_ENTRY_USER,
    roleId: user.roleid,
    siteId: user.siteid,
    studyId,
  };
  const schemas = createFormSchemaService(tx);
  const ctx = await userFormContext(tx, user.id, now);
  let minute = 0;

  async function enter(s: SubjectFacts, visitnum: string, tid: string, values: FormValues): Promise<void> {
    const loaded = await schemas.load(studyId, tid);
    if (!loaded?.ok) throw new Error(`seed: form ${tid} does not compile`);
    const outcome = await saveNewRecord(tx, {
      actor,
      subject: s,
      ref: { subjectId: s.id, visitnum, cycnum: 1, svnum: 1, tid },
      form: loaded.form,
      ctx,
      values,
      confirmWarnings: true,
      at: new Date(now.getTime() + minute++ * 60_000),
    });
    if (outcome.outcome !== 'saved') {
      throw new Error(`seed: ${s.id} ${visitnum} ${tid} not saved: ${JSON.stringify(outcome)}`);
    }
  }

  const entry = await subjectFacts(tx, DEMO_SUBJECTS.entry);
  if (entry) {
    await enter(entry, 'V1', 'DM', dmValues(entry));
    await enter(entry, 'V1', 'IE', ieValues(entry.screened));
    await enter(entry, 'LOG', 'AE', aeValues(entry.screened, 'Headache', 'MILD'));
  }

  const richId = await richDemoSubject(tx, studyId);
  const rich = richId ? await subjectFacts(tx, richId) : null;
  if (rich?.v2) {
    await enter(rich, 'V1', 'DM', dmValues(rich));
    await enter(rich, 'V1', 'IE', ieValues(rich.screened));
    await enter(rich, 'V1', 'VS', vsValues(rich.screened, '118', '72'));
    await enter(rich, 'V1', 'LB', lbValues(rich.screened));
    // a soft warning (systolic above 140), confirmed; then a change of pulse with a reason
    await enter(rich, 'V2', 'VS', vsValues(rich.v2, '146', '72'));
    const loaded = await schemas.load(studyId, 'VS');
    const record = await findRecord(
      tx,
      { subjectId: rich.id, visitnum: 'V2', cycnum: 1, svnum: 1, tid: 'VS' },
      1,
    );
    if (!loaded?.ok || !record) throw new Error('seed: V2 VS was not entered');
    const changed = await updateExistingRecord(tx, {
      actor,
      recordId: record.id,
      rowversion: record.rowversion,
      form: loaded.form,
      ctx,
      values: { ...record.values, PULSE: '76' },
      reasons: { PULSE: { code: 'TRANSCRIPTION', text: 'Transcription error' } },
      confirmWarnings: true,
      at: new Date(now.getTime() + minute++ * 60_000),
    });
    if (changed?.outcome !== 'saved') throw new Error(`seed: V2 VS not changed: ${JSON.stringify(changed)}`);
    await enter(rich, 'LOG', 'AE', aeValues(rich.v2, 'Nausea', 'MILD'));
    await enter(rich, 'LOG', 'AE', aeValues(rich.v2, 'Fatigue', 'MODERATE'));
    await enter(rich, 'LOG', 'CM', cmValues(rich.v2));
  }

  const sh01 = await subjectFacts(tx, DEMO_SUBJECTS.sh01);
  if (sh01) await enter(sh01, 'V1', 'DM', dmValues(sh01));
}

/**
 * Sets the id sequences of records and audit rows to follow the highest id exactly. PostgreSQL logs sequences 32
 * values ahead, so a database restored from a copy (the tests' PGlite snapshot) would otherwise go on from a
 * further value than a freshly seeded one: with this, record and audit ids are the same on PGlite and PostgreSQL.
 */
async function settleSequences(tx: Db): Promise<void> {
  for (const table of ['form_records', 'data_audit']) {
    await tx.query(
      `select setval(pg_get_serial_sequence($1, 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
      [table],
    );
  }
}

/** Everything above, for a study whose subjects were just generated. */
export async function seedForms(tx: Db, studyId: string, now: Date): Promise<void> {
  await seedFormDefinitions(tx, studyId, now);
  await generateSubjectVisits(tx, studyId);
  await seedDemoRecords(tx, studyId, now);
  await settleSequences(tx);
}

/** The study's subjects were generated again: their visits and the demo records anew. */
export async function reseedSubjectData(tx: Db, studyId: string, now: Date): Promise<void> {
  await generateSubjectVisits(tx, studyId);
  await seedDemoRecords(tx, studyId, now);
  await settleSequences(tx);
}

/** A database seeded before the forms existed gets them (and its subjects' visits). Whether it added anything. */
export async function topUpForms(db: Db, studyId: string, now: Date): Promise<boolean> {
  const rows = await db.query<{ n: number }>(
    'select count(*)::int as n from form_schemas where study_id = $1',
    [studyId],
  );
  if ((rows[0]?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    await clearSubjectData(tx, studyId);
    await seedForms(tx, studyId, now);
  });
  return true;
}
