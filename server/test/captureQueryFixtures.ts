/**
 * The query fixtures (fixtures/queries/*.json) as the server answers them, on the e2e subject's V1 VS record entered
 * by the form fixtures: cra.zhao (CRA @ BJ01) raises a query on PULSE, crc.li (CRC @ BJ01) answers it, the CRA
 * classifies, closes (a close without reason refused first) and closes-and-requeries another one; crc.li then enters
 * a systolic pressure of 150 (confirmed): a system query. Then the record's threads, its datainfo with the item
 * states (as CRA), the dictionaries, the overview's definitions and first page, and the to-do counts.
 */
import { dataInfo, updateData } from '../../engine/api/data';
import { selectColumns, selectSearchFields } from '../../engine/api/lists';
import {
  QUERY_LIST_KEY,
  closeAndSaveQuery,
  closeQuery,
  findDefaultQueryPd,
  queryDictList,
  queryHistoryRoleList,
  queryListHistory,
  queryModelList,
  queryExport,
  forwardQueries,
  replyQuery,
  saveQuery,
  saveQueryDetail,
  selectNoCHQueryStatus,
} from '../../engine/api/queries';
import { DEMO_SUBJECTS } from '../seed/forms';
import { MINUTE } from './clock';
import type { Harness } from './harness';

export async function captureQueryFixtures(
  h: Harness,
  put: (name: string, body: unknown) => void,
): Promise<void> {
  const cra = { token: await h.loginAs('cra.zhao', 'CRA', 'BJ01') };
  const crc = { token: await h.loginAs('crc.li', 'CRC', 'BJ01') };
  const v1vs = { subjectid: DEMO_SUBJECTS.entry, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' };
  const info = await h.call(dataInfo, v1vs, cra);
  const record = info.body.success ? info.body.data.record : null;
  const recordid = record?.recordid ?? '';

  put('queries/queryDictList', (await h.call(queryDictList, {}, cra)).body);
  h.clock.advance(MINUTE);
  const raised = await h.call(
    saveQuery,
    { recordid, kind: 'item', variable: 'PULSE', issuetype: 'SDV', note: '脉搏与原始病历记录不一致，请核实' },
    cra,
  );
  put('queries/saveQuery', raised.body);
  const q = raised.body.success ? raised.body.data : null;
  const queryid = q?.queryid ?? '';
  h.clock.advance(MINUTE);
  const replied = await h.call(
    replyQuery,
    { queryid, action: 'reply', note: '已核对原始病历，数值为 76，已更正', updatedat: q?.updatedat ?? '' },
    crc,
  );
  put('queries/replyQuery', replied.body);
  put('queries/queryHistoryRoleList', (await h.call(queryHistoryRoleList, { queryid }, cra)).body);
  put('queries/findDefaultQueryPd', (await h.call(findDefaultQueryPd, { queryid }, cra)).body);
  h.clock.advance(MINUTE);
  put(
    'queries/saveQueryDetail',
    (await h.call(saveQueryDetail, { queryid, pdtype: 'PD-PROC', pdsubtype: 'PD-PROC-MISS' }, cra)).body,
  );
  put(
    'queries/closeQuery.noReason',
    (await h.call(closeQuery, { queryids: [queryid], reason: '' }, cra)).body,
  );
  h.clock.advance(MINUTE);
  put(
    'queries/closeQuery',
    (await h.call(closeQuery, { queryids: [queryid], reason: 'RESOLVED' }, cra)).body,
  );

  h.clock.advance(MINUTE);
  const second = await h.call(
    saveQuery,
    {
      recordid,
      kind: 'item',
      variable: 'TEMP',
      issuetype: 'MISSING',
      note: 'Was the temperature taken orally?',
    },
    cra,
  );
  const q2 = second.body.success ? second.body.data : null;
  h.clock.advance(MINUTE);
  put(
    'queries/closeAndSaveQuery',
    (
      await h.call(
        closeAndSaveQuery,
        {
          queryid: q2?.queryid ?? '',
          reason: 'ANSWERED',
          issuetype: 'INCONSISTENT',
          note: 'Please give the measurement site as well',
          updatedat: q2?.updatedat ?? '',
        },
        cra,
      )
    ).body,
  );

  // a confirmed soft range: a system query on SYSBP
  h.clock.advance(MINUTE);
  const current = await h.call(dataInfo, v1vs, crc);
  const now = current.body.success ? current.body.data : null;
  await h.call(
    updateData,
    {
      recordid,
      rowversion: now?.record?.rowversion ?? 1,
      version: 1,
      values: { ...now?.values, SYSBP: '150' },
      reasons: { SYSBP: { code: null, text: 'Re-measured' } },
      confirmWarnings: true,
      idempotencyKey: 'fixture-save-00000101',
    },
    crc,
  );

  put('queries/queryListHistory', (await h.call(queryListHistory, { recordid }, cra)).body);
  put('queries/dataInfo.queried', (await h.call(dataInfo, v1vs, cra)).body);
  put('queries/dataInfo.queried.crc', (await h.call(dataInfo, v1vs, crc)).body);
  put('queries/querySearchFields', (await h.call(selectSearchFields, { listKey: QUERY_LIST_KEY }, cra)).body);
  put('queries/queryColumns', (await h.call(selectColumns, { listKey: QUERY_LIST_KEY }, cra)).body);
  put('queries/queryModelList', (await h.call(queryModelList, { page: 1, size: 20 }, cra)).body);
  // the export's bytes differ on every write (the zip's times): a fixed stand-in
  const exported = JSON.stringify((await h.call(queryExport, { page: 1, size: 20 }, cra)).body);
  put(
    'queries/queryExport',
    JSON.parse(exported.replace(/"base64":"[^"]*"/, '"base64":"UEsgZml4dHVyZSB4bHN4"')),
  );
  put(
    'queries/selectNoCHQueryStatus',
    (await h.call(selectNoCHQueryStatus, { subjectid: v1vs.subjectid }, crc)).body,
  );
  // last (the fixtures above show the queries before it): the overview's bulk forward of the open queries to DM
  h.clock.advance(MINUTE);
  const open = (await h.call(queryModelList, { page: 1, size: 20, querystatus: ['created'] }, cra)).body;
  const openIds = open.success ? open.data.list.map((q) => q.queryid) : [];
  put(
    'queries/forwardQueries',
    (await h.call(forwardQueries, { queryids: openIds, torole: 'DM', note: '请数据管理员确认' }, cra)).body,
  );
}
