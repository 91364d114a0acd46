/**
 * Query import fixtures (fixtures/queryImport/*.json): as cra.zhao (CRA @ SH01, so that BJ01's to-dos and statistics
 * stay as they are) the template, the assessment of a file with one good row and two bad ones (an unknown subject,
 * an empty text), its report, the send (the good row sent) and the site's batches. Download bytes are a fixed
 * stand-in (`base64`), as for the subject batch upload.
 */
import {
  queryImportAssess,
  queryImportList,
  queryImportReport,
  queryImportRows,
  queryImportSend,
  queryImportTemplate,
} from '../../engine/api/queryImport';
import { workbookOf } from '../domains/subjectManagement/batchWorkbook';
import { DEMO_SUBJECTS } from '../seed/forms';
import { FIXTURE_FILE_BASE64 } from './captureSubjectManagementFixtures';
import { MINUTE } from './clock';
import { TEST_HOST, type Harness } from './harness';

const stable = (body: unknown): unknown =>
  JSON.parse(JSON.stringify(body).replace(/"base64":"[^"]*"/g, `"base64":"${FIXTURE_FILE_BASE64}"`));

export const QUERY_IMPORT_HEADER = [
  'subjid',
  'visitnum',
  'cycnum',
  'tid',
  'lineno',
  'variable',
  'issuetype',
  'note',
];

export async function captureQueryImportFixtures(
  h: Harness,
  put: (name: string, body: unknown) => void,
): Promise<void> {
  const token = await h.loginAs('cra.zhao', 'CRA', 'SH01');
  const as = { token };
  const subjid =
    (
      await h.db.query<{ subjid: string }>('select subjid from subjects where id = $1', [DEMO_SUBJECTS.sh01])
    )[0]?.subjid ?? '';
  put('queryImport/queryImportTemplate', stable((await h.call(queryImportTemplate, {}, as)).body));
  const bytes = await workbookOf(QUERY_IMPORT_HEADER, [
    [subjid, 'V1', '', 'DM', '', 'BRTHDAT', 'MISSING', '出生日期缺失，请核对原始资料'],
    ['SH01-9999', 'V1', '', 'DM', '', 'SEX', '', '受试者编号错误'],
    [subjid, 'V1', '', 'DM', '', 'SEX', '', ''],
  ]);
  const boundary = '----edcqueryimportfixture';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="review.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await h.app.inject({
    method: 'POST',
    url: `${queryImportAssess.path}?time=1`,
    headers: { host: TEST_HOST, token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const assessed = res.json<{ data: { batch: { batchid: string } } | null }>();
  put('queryImport/queryImportAssess', assessed);
  const batchid = assessed.data?.batch.batchid ?? '';
  put('queryImport/queryImportReport', stable((await h.call(queryImportReport, { batchid }, as)).body));
  h.clock.advance(MINUTE);
  put('queryImport/queryImportSend', (await h.call(queryImportSend, { batchid }, as)).body);
  put('queryImport/queryImportRows', (await h.call(queryImportRows, { batchid }, as)).body);
  put('queryImport/queryImportList', (await h.call(queryImportList, { page: 1, size: 20 }, as)).body);
  h.clock.advance(MINUTE);
}
