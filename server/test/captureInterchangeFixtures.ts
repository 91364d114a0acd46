/**
 * Interchange fixtures (fixtures/interchange/*.json): as dm.chen (DM @ BJ01) the assessment of a small definition
 * (through the test importer: the real importers land apart), its report, the imports, the publish, and a CSV export
 * job of DM with the jobs list and its download (the file answer's headers as the client reads them), and the
 * study's forms for the export page. Run last: a publish changes the study.
 */
import {
  interchangeAssess,
  interchangeDiscard,
  interchangeDownload,
  interchangeExport,
  interchangeForms,
  interchangeImport,
  interchangeImports,
  interchangeJob,
  interchangeJobs,
  interchangePublish,
} from '../../engine/api/interchange';
import { MINUTE } from './clock';
import { TEST_HOST, type Harness } from './harness';
import { definition, fileOf, formOf, item, testImporter } from './interchangeSamples';

async function assess(h: Harness, token: string, text: string, filename: string): Promise<unknown> {
  const boundary = '----edcinterchangefixture';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await h.app.inject({
    method: 'POST',
    url: `${interchangeAssess.path}?time=1`,
    headers: { host: TEST_HOST, token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res.json();
}

export async function captureInterchangeFixtures(
  h: Harness,
  put: (name: string, body: unknown) => void,
): Promise<void> {
  h.app.interchange.importers.use(testImporter);
  const token = await h.loginAs('dm.chen', 'DM', 'BJ01');
  const as = { token };
  const withErrors = definition({
    forms: [...definition().forms, formOf('IMPBAD', [item('X1', { fieldtype: 'nosuchtype' })])],
  });
  const bad = (await assess(h, token, fileOf(withErrors), 'study-with-errors.xml')) as {
    data: { summary: { importid: string } };
  };
  put('interchange/interchangeAssess.errors', bad);
  put(
    'interchange/interchangeDiscard',
    (await h.call(interchangeDiscard, { importid: bad.data.summary.importid }, as)).body,
  );
  h.clock.advance(MINUTE);
  const good = (await assess(h, token, fileOf(definition()), 'qol-study.xml')) as {
    data: { summary: { importid: string } };
  };
  put('interchange/interchangeAssess', good);
  const importid = good.data.summary.importid;
  put('interchange/interchangeImport', (await h.call(interchangeImport, { importid }, as)).body);
  put('interchange/interchangeImports', (await h.call(interchangeImports, { page: 1, size: 20 }, as)).body);
  h.clock.advance(MINUTE);
  put('interchange/interchangePublish', (await h.call(interchangePublish, { importid }, as)).body);
  h.clock.advance(MINUTE);
  const started = await h.call(interchangeExport, { kind: 'csv', tid: 'DM' }, as);
  put('interchange/interchangeExport', started.body);
  await h.app.jobs.idle();
  const jobid = started.body.success ? started.body.data.jobid : '';
  put('interchange/interchangeJob', (await h.call(interchangeJob, { jobid }, as)).body);
  put('interchange/interchangeJobs', (await h.call(interchangeJobs, {}, as)).body);
  put('interchange/interchangeDownload', (await h.call(interchangeDownload, { jobid }, as)).body);
  put('interchange/interchangeForms', (await h.call(interchangeForms, {}, as)).body);
  h.clock.advance(MINUTE);
}
