/**
 * Fixtures of subject management (fixtures/subjectManagement/*.json): as crc.li (CRC @ BJ01) the batch template, an
 * assessment of the demo's file with errors (fixtures/casebook/subjects-batch.errors.xlsx) and its report, an
 * assessment of the valid file and its import; as pi.wang (PI @ BJ01) a refused and a done abandon; as dm.chen
 * (DM @ BJ01) the transfer choices, a transfer and the transfers list.
 *
 * xlsx bytes differ on every write (the zip's times): the `base64` of a download is replaced by a fixed stand-in,
 * and the random assessment id by a fixed one, so that the fixtures stay comparable.
 */
import { readFile } from 'node:fs/promises';
import {
  abandonSubject,
  subjectBatchAssess,
  subjectBatchImport,
  subjectBatchReport,
  subjectBatchTemplate,
  transferList,
  transferSites,
  transferSubject,
} from '../../engine/api/subjectManagement';
import { subjectBase } from '../../engine/api/subjects';
import { MINUTE } from './clock';
import { TEST_HOST, type Harness } from './harness';
import { numberedIds } from './numberedIds';
import { TEST_PASSWORD } from './testDb';

export const FIXTURE_ASSESSMENT_ID = 'fixture-assessment-0000000000000000';
/** "PK fixture xlsx" — stands in for a download's bytes. */
export const FIXTURE_FILE_BASE64 = Buffer.from('PK fixture xlsx').toString('base64');

export const BATCH_SAMPLES = {
  valid: new URL('../../fixtures/casebook/subjects-batch.valid.xlsx', import.meta.url),
  errors: new URL('../../fixtures/casebook/subjects-batch.errors.xlsx', import.meta.url),
};

/** Sends a file to batchassess.do as the browser does (multipart/form-data, part `file`). */
export async function uploadBatch(
  h: Harness,
  token: string,
  bytes: Buffer,
  filename: string,
  locale = 'zh_CN',
) {
  const boundary = '----edcbatchfixture';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await h.app.inject({
    method: 'POST',
    url: `${subjectBatchAssess.path}?time=${h.clock.now().getTime()}`,
    headers: { host: TEST_HOST, token, locale, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res.json<{ success: boolean; msg: string; data: { assessmentid: string } | null }>();
}

function stable(body: unknown, assessmentid?: string): unknown {
  let text = JSON.stringify(body).replace(/"base64":"[^"]*"/g, `"base64":"${FIXTURE_FILE_BASE64}"`);
  if (assessmentid) text = text.replaceAll(assessmentid, FIXTURE_ASSESSMENT_ID);
  return JSON.parse(text);
}

export async function captureSubjectManagementFixtures(
  h: Harness,
  put: (name: string, body: unknown) => void,
): Promise<void> {
  const crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  const as = { token: crc };
  put('subjectManagement/subjectBatchTemplate', stable((await h.call(subjectBatchTemplate, {}, as)).body));

  const errors = await uploadBatch(
    h,
    crc,
    await readFile(BATCH_SAMPLES.errors),
    'subjects-batch.errors.xlsx',
  );
  const errorsId = errors.data?.assessmentid ?? '';
  put('subjectManagement/subjectBatchAssess.errors', stable(errors, errorsId));
  put(
    'subjectManagement/subjectBatchReport',
    stable((await h.call(subjectBatchReport, { assessmentid: errorsId }, as)).body, errorsId),
  );
  put(
    'subjectManagement/subjectBatchImport.refused',
    stable((await h.call(subjectBatchImport, { assessmentid: errorsId }, as)).body, errorsId),
  );
  const valid = await uploadBatch(h, crc, await readFile(BATCH_SAMPLES.valid), 'subjects-batch.valid.xlsx');
  const validId = valid.data?.assessmentid ?? '';
  put('subjectManagement/subjectBatchAssess', stable(valid, validId));
  put(
    'subjectManagement/subjectBatchImport',
    stable((await h.call(subjectBatchImport, { assessmentid: validId }, as)).body, validId),
  );
  h.clock.advance(MINUTE);

  const pi = await h.loginAs('pi.wang', 'PI', 'BJ01');
  const abandonedId = 'subj-bj01-0029';
  const base = await h.call(subjectBase, { subjectid: abandonedId }, { token: pi });
  const updatedat = base.body.success ? base.body.data.subject.updatedat : '';
  const abandon = { subjectid: abandonedId, updatedat, reason: '重复登记', password: 'Wrong#pass1' };
  put(
    'subjectManagement/abandonSubject.badPassword',
    (await h.call(abandonSubject, abandon, { token: pi })).body,
  );
  put(
    'subjectManagement/abandonSubject',
    (await h.call(abandonSubject, { ...abandon, password: TEST_PASSWORD }, { token: pi })).body,
  );
  h.clock.advance(MINUTE);

  const dm = await h.loginAs('dm.chen', 'DM', 'BJ01');
  const choices = await h.call(transferSites, {}, { token: dm });
  put('subjectManagement/transferSites', choices.body);
  const moving = choices.body.success
    ? choices.body.data.subjects.find((s) => s.subjid === 'BJ01-0028')
    : null;
  const to = choices.body.success ? choices.body.data.sites.find((s) => s.sitecode === 'SH01') : null;
  put(
    'subjectManagement/transferSubject',
    (
      await h.call(
        transferSubject,
        {
          subjectid: moving?.subjectid ?? '',
          updatedat: moving?.updatedat ?? '',
          tositeid: to?.siteid ?? '',
          reason: '受试者搬迁至上海',
        },
        { token: dm },
      )
    ).body,
  );
  put(
    'subjectManagement/transferList',
    numberedIds((await h.call(transferList, { page: 1, size: 20 }, { token: dm })).body, 'list'),
  );
}
