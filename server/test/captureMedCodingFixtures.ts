/**
 * The medical coding fixtures (fixtures/medCoding/*.json), captured after the others: coder.zhou (CODER @ BJ01) reads
 * the worklist, the auto-coded term 'Nausea' (`getCodingInfo`) and the uncoded 'Fatigue', searches the dictionary,
 * codes 'Fatigue' and recodes it with a reason (a recode without one refused first), reads its history
 * (`getCodingInfo.recoded`); an import of a file with a bad line is refused (`importDictionary.badLine`), a good one
 * imported; pi.wang reads the AE page with its coding state (`dataInfo.coded`).
 */
import ExcelJS from 'exceljs';
import { dataInfo } from '../../engine/api/data';
import {
  codingList,
  getCodingInfo,
  importDictionary,
  saveCoding,
  searchDictionary,
} from '../../engine/api/medCoding';
import { DICTIONARY_COLUMNS } from '../domains/medCoding/dictionaryFile';
import { richDemoSubject } from '../seed/forms';
import { MINUTE } from './clock';
import { TEST_HOST, type Harness } from './harness';

async function workbook(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('WHODrug');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Sends a dictionary file to importDictionary.do as the browser does (multipart: params, then part `file`). */
/**
 * History rows numbered in their order: their ids come from an identity sequence, whose values PostgreSQL and PGlite
 * may hand out differently (a sequence is not transactional), so the fixture is the same on both.
 */
function numbered<T>(body: T): T {
  const env = body as { success?: boolean; data?: { history?: { id: string }[] } };
  if (!env.success || !env.data?.history) return body;
  return {
    ...env,
    data: { ...env.data, history: env.data.history.map((e, i) => ({ ...e, id: String(i + 1) })) },
  } as T;
}

export async function uploadDictionary(
  h: Harness,
  token: string,
  fields: Record<string, string>,
  bytes: Buffer,
  filename: string,
  locale = 'zh_CN',
) {
  const boundary = '----edccodingfixture';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await h.app.inject({
    method: 'POST',
    url: `${importDictionary.path}?time=${h.clock.now().getTime()}`,
    headers: { host: TEST_HOST, token, locale, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res.json<unknown>();
}

export async function captureMedCodingFixtures(
  h: Harness,
  put: (name: string, body: unknown) => void,
): Promise<void> {
  const rich = await richDemoSubject(h.db, 'study-demo-001');
  if (!rich) throw new Error('no rich demo subject');
  const coder = { token: await h.loginAs('coder.zhou', 'CODER', 'BJ01') };
  const pi = { token: await h.loginAs('pi.wang', 'PI', 'BJ01') };
  const termOf = async (verbatim: string) => {
    const rows = await h.db.query<{ termid: string; recordid: string; lineno: number }>(
      `select c.id::text as termid, c.record_id::text as recordid, r.lineno from coding_terms c
       join form_records r on r.id = c.record_id where c.subject_id = $1 and c.verbatim = $2`,
      [rich, verbatim],
    );
    if (!rows[0]) throw new Error(`no term ${verbatim}`);
    return rows[0];
  };

  put('medCoding/codingList', (await h.call(codingList, { page: 1, size: 20 }, coder)).body);
  const nausea = await termOf('Nausea');
  put(
    'medCoding/getCodingInfo',
    numbered((await h.call(getCodingInfo, { termid: nausea.termid }, coder)).body),
  );
  const fatigue = await termOf('Fatigue');
  put(
    'medCoding/getCodingInfo.uncoded',
    numbered((await h.call(getCodingInfo, { termid: fatigue.termid }, coder)).body),
  );
  put(
    'medCoding/searchDictionary',
    (await h.call(searchDictionary, { dictionary: 'meddra', q: 'fatigue', size: 20 }, coder)).body,
  );
  h.clock.advance(MINUTE);
  const base = { termid: fatigue.termid, verbatim: 'Fatigue' };
  put(
    'medCoding/saveCoding',
    (await h.call(saveCoding, { ...base, code: '10043890', reason: null }, coder)).body,
  );
  put(
    'medCoding/saveCoding.reasonRequired',
    (await h.call(saveCoding, { ...base, code: '10016257', reason: null }, coder)).body,
  );
  h.clock.advance(MINUTE);
  await h.call(saveCoding, { ...base, code: '10016257', reason: '原始病历记录为疲劳加重' }, coder);
  put(
    'medCoding/getCodingInfo.recoded',
    numbered((await h.call(getCodingInfo, { termid: fatigue.termid }, coder)).body),
  );
  put(
    'medCoding/dataInfo.coded',
    (
      await h.call(
        dataInfo,
        { subjectid: rich, visitnum: 'LOG', cycnum: 1, svnum: 1, tid: 'AE', lineno: fatigue.lineno },
        pi,
      )
    ).body,
  );

  const header = [...DICTIONARY_COLUMNS.whodrug];
  const row = (code: string, name: string) => [
    code,
    name,
    'N02BE',
    'Anilides',
    'N02B',
    'Other analgesics and antipyretics',
    'N02',
    'Analgesics',
    'N',
    'Nervous system',
  ];
  h.clock.advance(MINUTE);
  put(
    'medCoding/importDictionary.badLine',
    await uploadDictionary(
      h,
      coder.token,
      { dictionary: 'whodrug', version: '2025-03' },
      await workbook([header, row('00020001001', 'Paracetamol'), row('0002-0001', 'Acetaminophen')]),
      'whodrug.xlsx',
    ),
  );
  put(
    'medCoding/importDictionary',
    await uploadDictionary(
      h,
      coder.token,
      { dictionary: 'whodrug', version: '2025-03' },
      await workbook([header, row('00020001001', 'Paracetamol'), row('00020001002', 'Acetaminophen')]),
      'whodrug.xlsx',
    ),
  );
}
