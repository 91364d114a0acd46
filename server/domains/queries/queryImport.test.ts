/**
 * Query import on the demo seed (docs/query-import.md): the template; an assessment naming each bad row's column
 * (unknown subject, unknown item, empty text) and storing the batch with every row unsent; the send raising the
 * good rows only, each as saveQuery.do would (history, site), a row refused at send time recorded as "send failed"
 * with its reason while the others are sent; a wrong role (403), a file that is not an xlsx by content, another
 * user's batch — each refusal leaving the database unchanged.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyObject } from '../../../engine/schema';
import type { EndpointDef } from '../../../engine/api/endpoint';
import { parseResponse } from '../../../engine/api/parseResponse';
import { queryListHistory } from '../../../engine/api/queries';
import {
  queryImportAssess,
  queryImportList,
  queryImportReport,
  queryImportRows,
  queryImportSend,
  queryImportTemplate,
  type QueryImportDetail,
} from '../../../engine/api/queryImport';
import { snapshotChanges, snapshotDb } from '../../test/dbSnapshot';
import { TEST_HOST, startHarness, type Harness } from '../../test/harness';
import { workbookOf } from '../subjectManagement/batchWorkbook';

let h: Harness;
let crc: string;
let cra: string;
let dm: string;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  cra = await h.loginAs('cra.zhao', 'CRA', 'BJ01');
  dm = await h.loginAs('dm.chen', 'DM', 'BJ01');
}, 120_000);
afterAll(() => h?.close());

const HEADER = ['subjid', 'visitnum', 'cycnum', 'tid', 'lineno', 'variable', 'issuetype', 'note'];

function multipart(files: { filename: string; content: Buffer }[]) {
  const boundary = '----edcqueryimport0123456789';
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    chunks.push(f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(token: string, content: Buffer, filename = 'review.xlsx', locale = 'en') {
  const { payload, contentType } = multipart([{ filename, content }]);
  const res = await h.app.inject({
    method: 'POST',
    url: `${queryImportAssess.path}?time=1`,
    headers: { host: TEST_HOST, token, locale, 'content-type': contentType },
    payload,
  });
  const body = res.json<{ success: boolean; msg: string; data: QueryImportDetail }>();
  parseResponse(queryImportAssess as unknown as EndpointDef<AnyObject, unknown>, body);
  return { status: res.statusCode, body };
}

async function unchanged(fn: () => Promise<void>) {
  const before = await snapshotDb(h.db);
  await fn();
  expect(snapshotChanges(before, await snapshotDb(h.db))).toEqual([]);
}

/** The subject number of the demo's entry subject (V1 DM entered). */
async function subjidOf(id: string): Promise<string> {
  const rows = await h.db.query<{ subjid: string }>('select subjid from subjects where id = $1', [id]);
  return rows[0]!.subjid;
}

describe('query import', () => {
  it('offers a template with the columns, to roles that may raise queries only', async () => {
    const res = await h.call(queryImportTemplate, {}, { token: cra, locale: 'en' });
    expect(res.body.success).toBe(true);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(res.body.data.base64, 'base64') as unknown as ExcelJS.Buffer);
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Subject number (subjid)',
      'Visit (visitnum)',
      'Visit cycle (cycnum)',
      'Form (tid)',
      'Line (lineno)',
      'Item (variable)',
      'Issue type (issuetype)',
      'Query text (note)',
    ]);
    await unchanged(async () => {
      const refused = await h.call(queryImportTemplate, {}, { token: crc, locale: 'en' });
      expect(refused.status).toBe(403);
    });
  });

  it('assesses row by row, naming the row and column of each problem, and sends the good rows only', async () => {
    const subjid = await subjidOf('subj-bj01-0001');
    const bytes = await workbookOf(HEADER, [
      [subjid, 'V1', '', 'DM', '', 'BRTHDAT', 'MISSING', 'Birth date: please check the source'],
      ['BJ01-9999', 'V1', '', 'DM', '', 'BRTHDAT', '', 'Unknown subject'],
      [subjid, 'V1', '', 'DM', '', 'NOSUCHITEM', '', 'Unknown item'],
      [subjid, 'V1', '', 'DM', '', 'SEX', '', ''],
      [subjid, 'V1', 1, 'DM', '', '', 'OTHER', 'A page query on DM'],
    ]);
    const historyBefore = (
      await h.db.query<{ n: number }>('select count(*)::int as n from query_history')
    )[0]!.n;
    const assessed = await upload(cra, bytes);
    expect(assessed.status).toBe(200);
    expect(assessed.body.success).toBe(true);
    const { batch, rows } = assessed.body.data;
    expect(batch).toMatchObject({ rows: 5, invalid: 3, unsent: 5, sent: 0, failed: 0, cansend: true });
    expect(rows.map((r) => [r.row, r.state, r.problems.map((p) => [p.column, p.value])])).toEqual([
      [2, 'unsent', []],
      [3, 'unsent', [['subjid', 'BJ01-9999']]],
      [4, 'unsent', [['variable', 'NOSUCHITEM']]],
      [5, 'unsent', [['note', null]]],
      [6, 'unsent', []],
    ]);
    expect(rows[1]!.problems[0]!.message).toBe('No subject BJ01-9999 at the chosen site');
    expect(rows[2]!.problems[0]!.message).toBe('The form has no item NOSUCHITEM');
    expect(rows[3]!.problems[0]!.message).toBe('required');
    // nothing raised by the assessment
    const historyAfter = (await h.db.query<{ n: number }>('select count(*)::int as n from query_history'))[0]!
      .n;
    expect(historyAfter).toBe(historyBefore);

    // the report: one line per problem
    const report = await h.call(queryImportReport, { batchid: batch.batchid }, { token: cra, locale: 'en' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(report.body.data.base64, 'base64') as unknown as ExcelJS.Buffer);
    expect(wb.worksheets[0]!.rowCount).toBe(4);
    expect(wb.worksheets[0]!.getRow(2).values).toEqual([
      undefined,
      3,
      'Subject number (subjid)',
      'BJ01-9999',
      'No subject BJ01-9999 at the chosen site',
    ]);

    // another user (the DM) may see the batch but not send it: refused, nothing changed
    await unchanged(async () => {
      const other = await h.call(queryImportSend, { batchid: batch.batchid }, { token: dm, locale: 'en' });
      expect(other.body).toMatchObject({ success: false, msg: 'No such query import batch' });
    });

    h.clock.advance(1000);
    const sent = await h.call(queryImportSend, { batchid: batch.batchid }, { token: cra, locale: 'en' });
    expect(sent.body.success).toBe(true);
    const after = sent.body.data;
    expect(after.rows.map((r) => r.state)).toEqual(['sent', 'unsent', 'unsent', 'unsent', 'sent']);
    expect(after.batch).toMatchObject({ sent: 2, unsent: 3, failed: 0, cansend: false });
    // each query raised as saveQuery.do raises one: its history, its kind and target
    const first = await h.call(queryListHistory, { queryid: after.rows[0]!.queryid! }, { token: cra });
    expect(first.body.data[0]).toMatchObject({
      kind: 'item',
      variable: 'BRTHDAT',
      issuetype: 'MISSING',
      querystatus: 'created',
      initiator: 'cra.zhao',
      note: 'Birth date: please check the source',
    });
    expect(first.body.data[0]!.history.map((x) => x.action)).toEqual(['create']);
    const page = await h.call(queryListHistory, { queryid: after.rows[4]!.queryid! }, { token: cra });
    expect(page.body.data[0]).toMatchObject({ kind: 'page', variable: null });

    // sending again raises nothing twice
    await unchanged(async () => {
      const again = await h.call(queryImportSend, { batchid: batch.batchid }, { token: cra, locale: 'en' });
      expect(again.body.data.batch.sent).toBe(2);
    });

    // listed at the site with its counts
    const list = await h.call(queryImportList, { page: 1, size: 20 }, { token: dm, locale: 'en' });
    expect(list.body.data.list[0]).toMatchObject({ batchid: batch.batchid, sent: 2, invalid: 3 });
    const detail = await h.call(queryImportRows, { batchid: batch.batchid }, { token: dm, locale: 'zh_CN' });
    expect(detail.body.data.rows[1]!.problems[0]!.message).toBe('受试者 BJ01-9999 不在当前中心');
  });

  it('records a row refused at send time as send failed, with its reason, and sends the others', async () => {
    const subjid = await subjidOf('subj-bj01-0001');
    const bytes = await workbookOf(HEADER, [
      [subjid, 'V1', '', 'DM', '', 'SEX', '', 'Sex: please confirm'],
      [subjid, 'V1', '', 'DM', '', 'AGE', 'INCONSISTENT', 'Age does not match the birth date'],
    ]);
    const assessed = await upload(dm, bytes);
    const { batch } = assessed.body.data;
    expect(batch).toMatchObject({ rows: 2, invalid: 0 });
    // between assessment and send, the issue type of the second row leaves the dictionary
    await h.db.query(
      `update query_dicts set code = 'INCONSISTENT-OLD' where dict = 'add' and code = 'INCONSISTENT'`,
    );
    try {
      h.clock.advance(1000);
      const sent = await h.call(queryImportSend, { batchid: batch.batchid }, { token: dm, locale: 'en' });
      expect(sent.body.data.rows.map((r) => [r.state, r.reason])).toEqual([
        ['sent', null],
        ['failed', 'No such query issue type'],
      ]);
      expect(sent.body.data.batch).toMatchObject({ sent: 1, failed: 1, cansend: true });
    } finally {
      await h.db.query(
        `update query_dicts set code = 'INCONSISTENT' where dict = 'add' and code = 'INCONSISTENT-OLD'`,
      );
    }
    // sent again: the failed row is retried, and now goes through
    h.clock.advance(1000);
    const retried = await h.call(queryImportSend, { batchid: batch.batchid }, { token: dm, locale: 'en' });
    expect(retried.body.data.rows.map((r) => r.state)).toEqual(['sent', 'sent']);
  });

  it('refuses a wrong role, a file that is not an xlsx by its content, bad columns — changing nothing', async () => {
    const subjid = await subjidOf('subj-bj01-0001');
    const good = await workbookOf(HEADER, [[subjid, 'V1', '', 'DM', '', 'SEX', '', 'text']]);
    await unchanged(async () => {
      const asCrc = await upload(crc, good);
      expect(asCrc.status).toBe(403);
      const text = await upload(cra, Buffer.from('subjid,visitnum\nBJ01-0001,V1\n'), 'renamed.xlsx');
      expect(text.body).toMatchObject({ success: false, msg: expect.stringContaining('upload failed') });
      const zh = await upload(cra, Buffer.from('not a workbook'), 'x.xlsx', 'zh_CN');
      expect(zh.body.msg).toBe('上传失败：文件内容不是 xlsx 格式');
      const columns = await upload(cra, await workbookOf(['subject', 'text'], [['x', 'y']]));
      expect(columns.body.msg).toBe(
        'file assessment failed: unknown columns subject, text (please use the template)',
      );
      const empty = await upload(cra, await workbookOf(HEADER, []));
      expect(empty.body.msg).toBe('file assessment failed: the file holds no queries');
      const noFile = await h.call(queryImportAssess, {}, { token: cra, locale: 'en' });
      expect(noFile.status).toBe(400);
      const unknown = await h.call(queryImportSend, { batchid: '999999' }, { token: cra, locale: 'en' });
      expect(unknown.body).toMatchObject({ success: false, msg: 'No such query import batch' });
      const crcSend = await h.call(queryImportSend, { batchid: '1' }, { token: crc, locale: 'en' });
      expect(crcSend.status).toBe(403);
    });
  });
});
