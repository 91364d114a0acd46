/**
 * The PI signature fixtures (fixtures/signatures/*.json), captured after the others: pi.wang (PI @ BJ01) shows the
 * entry subject's pages (unsigned; the session's first signing to come), selects nothing (refused), is refused the
 * whole casebook (the query fixtures left an open query on V1 VS), signs the DM page and the LOG visit with user name
 * and password, and shows them signed; crc.li changes the DM page's ethnicity with a reason,
 * which breaks its signature (`dataInfoBroken`, `showSignatureBroken`; the DM page with its signature history:
 * `showSignaturePage`).
 */
import { dataInfo, updateData } from '../../engine/api/data';
import { saveSignature, showSignature } from '../../engine/api/signatures';
import { DEMO_SUBJECTS } from '../seed/forms';
import { MINUTE } from './clock';
import type { Harness } from './harness';
import { TEST_PASSWORD } from './testDb';

export async function captureSignatureFixtures(
  h: Harness,
  put: (name: string, body: unknown) => void,
): Promise<void> {
  const subjectid = DEMO_SUBJECTS.entry;
  const pi = { token: await h.loginAs('pi.wang', 'PI', 'BJ01') };
  const crc = { token: await h.loginAs('crc.li', 'CRC', 'BJ01') };
  const keys = { subjectid, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'DM' };

  h.clock.advance(MINUTE);
  put('signatures/showSignature', (await h.call(showSignature, { subjectid }, pi)).body);
  put(
    'signatures/saveSignature.empty',
    (await h.call(saveSignature, { list: [], password: TEST_PASSWORD }, pi)).body,
  );
  const dm = await h.call(dataInfo, keys, pi);
  if (!dm.body.success || !dm.body.data.record) throw new Error('V1 DM of the entry subject is not saved');
  const recordid = dm.body.data.record.recordid;
  // the query fixtures left an open query on V1 VS: the whole casebook is refused
  put(
    'signatures/saveSignature.openQueries',
    (await h.call(saveSignature, { list: [{ subjectid }], username: 'pi.wang', password: TEST_PASSWORD }, pi))
      .body,
  );
  h.clock.advance(MINUTE);
  const signed = await h.call(
    saveSignature,
    {
      list: [
        { subjectid, recordid },
        { subjectid, visitnum: 'LOG' },
      ],
      username: 'pi.wang',
      password: TEST_PASSWORD,
    },
    pi,
  );
  if (!signed.body.success) throw new Error(`fixture signing refused: ${signed.body.msg}`);
  put('signatures/saveSignature', signed.body);
  put('signatures/showSignature.signed', (await h.call(showSignature, { subjectid }, pi)).body);
  put('signatures/dataInfo.signed', (await h.call(dataInfo, keys, pi)).body);

  h.clock.advance(MINUTE);
  const before = await h.call(dataInfo, keys, crc);
  if (!before.body.success || !before.body.data.record)
    throw new Error('V1 DM of the entry subject is not saved');
  const changed = await h.call(
    updateData,
    {
      recordid: before.body.data.record.recordid,
      rowversion: before.body.data.record.rowversion,
      version: 1,
      values: { ...before.body.data.values, ETHNIC: 'NOT REPORTED' },
      reasons: { ETHNIC: { code: 'TRANSCRIPTION', text: '转录错误' } },
      idempotencyKey: 'fixture-signature-break-01',
    },
    crc,
  );
  if (!changed.body.success || changed.body.data.outcome !== 'saved') {
    throw new Error(`fixture change refused: ${JSON.stringify(changed.body)}`);
  }
  put('signatures/dataInfo.broken', (await h.call(dataInfo, keys, pi)).body);
  put('signatures/showSignature.broken', (await h.call(showSignature, { subjectid }, pi)).body);
  put(
    'signatures/showSignature.page',
    (await h.call(showSignature, { recordid: before.body.data.record.recordid }, pi)).body,
  );
}
