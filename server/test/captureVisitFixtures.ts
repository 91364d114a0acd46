/**
 * The casebook's visits and pages as crc.li (CRC @ BJ01) works them, after the subject fixtures (BJ01-0031 added
 * and enrolled): the rich demo subject's grid with its seeded marks, then on BJ01-0031 the visits offered, an
 * unscheduled visit added and deleted, a repeating visit's next cycle added and deleted, an eCRF added to V2, a
 * page marked not occurred after its check, and the grid, lists and visit audit trail that follow.
 */
import { INVALID_LIST_KEY, invalidTableList } from '../../engine/api/invalidRecords';
import { selectColumns, selectSearchFields } from '../../engine/api/lists';
import {
  activeData,
  addNextVisit,
  checkActiveByCaseBook,
  checkDataCaseBook,
  delCurrentVisit,
  deleteVisit,
  disUnCollected,
  disUnHappen,
  hideTableList,
  hideVisitList,
  invalidationReason,
  saveVisit,
  tableList,
  updateVisitTable,
  visitAudit,
  visitList,
} from '../../engine/api/visits';
import { queryOne } from '../core/db/db';
import { richDemoSubject } from '../seed/forms';
import type { Harness } from './harness';

export async function captureVisitFixtures(
  h: Harness,
  put: (name: string, body: unknown) => void,
): Promise<void> {
  const crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  const as = { token: crc };
  const rich = (await richDemoSubject(h.db, 'study-demo-001')) ?? '';
  const added = await queryOne<{ id: string }>(h.db, `select id from subjects where subjid = 'BJ01-0031'`);
  const subjectid = added?.id ?? '';
  const v1lb = { subjectid, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'LB' };

  put('visits/visitList.marked', (await h.call(visitList, { subjectid: rich }, as)).body);
  put('visits/tableList.marked', (await h.call(tableList, { subjectid: rich, visitnum: 'V3' }, as)).body);
  put('visits/disUnCollected', (await h.call(disUnCollected, { subjectid: rich }, as)).body);
  put('visits/invalidationReason', (await h.call(invalidationReason, {}, as)).body);
  put(
    'visits/checkDataCaseBook.refused',
    (
      await h.call(
        checkDataCaseBook,
        { subjectid: rich, visitnum: 'V1', tid: 'VS', action: 'uncollected' },
        as,
      )
    ).body,
  );

  put('visits/hideVisitList', (await h.call(hideVisitList, { subjectid }, as)).body);
  put(
    'visits/saveVisit',
    (await h.call(saveVisit, { subjectid, visitnum: 'UNS', visitdate: '2026-03-01' }, as)).body,
  );
  await h.call(saveVisit, { subjectid, visitnum: 'CYC' }, as);
  put('visits/addNextVisit', (await h.call(addNextVisit, { subjectid, visitnum: 'CYC' }, as)).body);
  put('visits/delCurrentVisit', (await h.call(delCurrentVisit, { subjectid, visitnum: 'CYC' }, as)).body);
  put(
    'visits/deleteVisit',
    (await h.call(deleteVisit, { subjectid, visitnum: 'UNS', cycnum: 1, svnum: 1 }, as)).body,
  );
  const v2 = { subjectid, visitnum: 'V2', cycnum: 1, svnum: 1 };
  put('visits/hideTableList', (await h.call(hideTableList, v2, as)).body);
  put(
    'visits/updateVisitTable',
    (await h.call(updateVisitTable, { ...v2, tid: 'IE', action: 'add' }, as)).body,
  );
  put(
    'visits/checkDataCaseBook',
    (await h.call(checkDataCaseBook, { ...v1lb, action: 'unoccurred' }, as)).body,
  );
  put(
    'visits/activeData',
    (
      await h.call(
        activeData,
        { ...v1lb, action: 'unoccurred', reasoncode: 'OTHER', reasontext: 'Lab closed that day' },
        as,
      )
    ).body,
  );
  put('visits/checkActiveByCaseBook', (await h.call(checkActiveByCaseBook, v1lb, as)).body);
  put('visits/disUnHappen', (await h.call(disUnHappen, { subjectid }, as)).body);
  put('visits/visitList', (await h.call(visitList, { subjectid }, as)).body);
  put('visits/tableList', (await h.call(tableList, { subjectid, visitnum: 'V1' }, as)).body);
  // the rows' ids come from an identity sequence, whose values PostgreSQL and PGlite may hand out differently (a
  // sequence is not transactional): numbered in their order instead, so the fixture is the same on both
  const audit = (await h.call(visitAudit, { subjectid }, as)).body;
  put(
    'visits/visitAudit',
    audit.success ? { ...audit, data: audit.data.map((row, i) => ({ ...row, id: String(i + 1) })) } : audit,
  );
  const cra = await h.loginAs('cra.zhao', 'CRA', 'BJ01');
  put('visits/hideVisitList.readOnly', (await h.call(hideVisitList, { subjectid }, { token: cra })).body);
  // the invalid-record table (a management page) as the data manager sees it at BJ01: the seed's invalid page
  const dm = { token: await h.loginAs('dm.chen', 'DM', 'BJ01') };
  put(
    'visits/invalidSearchFields',
    (await h.call(selectSearchFields, { listKey: INVALID_LIST_KEY }, dm)).body,
  );
  put('visits/invalidColumns', (await h.call(selectColumns, { listKey: INVALID_LIST_KEY }, dm)).body);
  put('visits/invalidTableList', (await h.call(invalidTableList, { page: 1, size: 20 }, dm)).body);
}
