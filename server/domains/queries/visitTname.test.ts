/**
 * The visit-and-form label a query and a coding term keep (`visit_tname`) is built in SQL (visitTnameSql, so that the
 * coding hook's insert computes it in the same statement): the same label as the reading it replaced — the visit's
 * names (or the visitnum when the subject has no such visit) and the latest form version's name through metaTextOf
 * (a text, both locales' texts, else the tid).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../engine/api/localized';
import type { MetaText } from '../../../engine/metadata/types';
import { queryOne } from '../../core/db/db';
import { DEMO_SUBJECTS } from '../../seed/forms';
import { startHarness, type Harness } from '../../test/harness';
import { metaTextOf } from '../data/service';
import { visitTnameOf } from './service';

const STUDY = 'study-demo-001';
let h: Harness;
let subjectId: string;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  subjectId = DEMO_SUBJECTS.entry;
}, 120_000);
afterAll(() => h?.close());

/** The label as it was computed before (a read of the names, then metaTextOf and the template in TypeScript). */
async function labelBefore(keys: { visitnum: string; tid: string }): Promise<MetaText> {
  const visit = await queryOne<{ name_zh: string | null; name_en: string | null }>(
    h.db,
    `select vs.name_zh, vs.name_en from subject_visits sv
       join visit_schedule vs on vs.study_id = $1 and vs.visitnum = sv.visitnum
     where sv.subject_id = $2 and sv.visitnum = $3 and sv.cycnum = 1 and sv.svnum = 1`,
    [STUDY, subjectId, keys.visitnum],
  );
  const form = await queryOne<{ name: unknown }>(
    h.db,
    `select schema->'name' as name from form_schemas where study_id = $1 and tid = $2 order by version desc limit 1`,
    [STUDY, keys.tid],
  );
  const formName = metaTextOf(form?.name ?? undefined, keys.tid);
  const visitName: MetaText = visit ? { zh_CN: visit.name_zh ?? '', en: visit.name_en ?? '' } : keys.visitnum;
  const pick = (t: MetaText, locale: Locale) => (typeof t === 'string' ? t : t[locale]);
  return {
    zh_CN: `${pick(visitName, 'zh_CN')} / ${pick(formName, 'zh_CN')}`,
    en: `${pick(visitName, 'en')} / ${pick(formName, 'en')}`,
  };
}

describe('visit_tname in SQL', () => {
  it('is the label computed before, for every kind of form name and with or without the visit', async () => {
    const names: [string, unknown][] = [
      ['TNSTR', 'Plain name'],
      ['TNOBJ', { zh_CN: '不良事件', en: 'Adverse events' }],
      ['TNHALF', { zh_CN: '只有中文' }],
      ['TNNUM', 42],
      ['TNARR', ['a', 'b']],
      ['TNNULL', null],
      ['TNEMPTY', ''],
    ];
    for (const [tid, name] of names) {
      await h.db.query(
        `insert into form_schemas (study_id, tid, formid, version, reftype, logline, schema, created_at)
         values ($1, $2, $2, 1, '3', false, $3::jsonb, now())`,
        [STUDY, tid, JSON.stringify({ tid, version: 1, name, sections: [] })],
      );
    }
    // no schema at all for NOFORM; the demo's own forms (AE, DM); visits the subject has (V1, LOG) and has not (V99)
    const tids = [...names.map(([tid]) => tid), 'NOFORM', 'AE', 'DM'];
    const visits = ['V1', 'LOG', 'V99'];
    let compared = 0;
    for (const tid of tids) {
      for (const visitnum of visits) {
        const keys = { subjectId, visitnum, cycnum: 1, svnum: 1, tid };
        expect(await visitTnameOf(h.db, STUDY, keys), `${visitnum} ${tid}`).toEqual(
          await labelBefore({ visitnum, tid }),
        );
        compared += 1;
      }
    }
    expect(compared).toBe(30);
    // and the cases are what they claim: a visit with names, one without, a form named in both locales
    expect(
      await visitTnameOf(h.db, STUDY, { subjectId, visitnum: 'V99', cycnum: 1, svnum: 1, tid: 'TNOBJ' }),
    ).toEqual({
      zh_CN: 'V99 / 不良事件',
      en: 'V99 / Adverse events',
    });
    const v1 = (await visitTnameOf(h.db, STUDY, {
      subjectId,
      visitnum: 'V1',
      cycnum: 1,
      svnum: 1,
      tid: 'TNNUM',
    })) as { en: string };
    // the subject's V1 has its schedule's names (not the visitnum), the form's name is no text: the tid
    expect(v1.en).toMatch(/^.+ \/ TNNUM$/);
    expect(v1.en).not.toMatch(/^V1 /);
  });
});
