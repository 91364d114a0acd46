/**
 * The notes and SDV fixtures (fixtures/notes/*.json, fixtures/sdv/*.json), captured after the others: on the richly
 * entered demo subject's V1 VS page, crc.li (CRC @ BJ01) adds a note on SYSBP (and an empty one, refused), cra.zhao
 * (CRA @ BJ01) lists and reviews it, verifies the page (and nothing, refused); crc.li changes SYSBP with a reason,
 * which resets its SDV (`dataInfoReset`); the monitor's worklist, then the entry subject verified as a whole.
 */
import { dataInfo, updateData } from '../../engine/api/data';
import { piNoteList, savePINote } from '../../engine/api/notes';
import { saveVarStatusList, sdvWorklist, subjectSdvSign } from '../../engine/api/sdv';
import { DEMO_SUBJECTS, richDemoSubject } from '../seed/forms';
import { MINUTE } from './clock';
import type { Harness } from './harness';

export async function captureReviewFixtures(
  h: Harness,
  put: (name: string, body: unknown) => void,
): Promise<void> {
  const rich = await richDemoSubject(h.db, 'study-demo-001');
  if (!rich) throw new Error('no rich demo subject');
  const crc = { token: await h.loginAs('crc.li', 'CRC', 'BJ01') };
  const cra = { token: await h.loginAs('cra.zhao', 'CRA', 'BJ01') };
  const keys = { subjectid: rich, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' };
  const read = async (as: { token: string }) => {
    const res = await h.call(dataInfo, keys, as);
    if (!res.body.success || !res.body.data.record) throw new Error('V1 VS of the rich subject is not saved');
    return res.body.data;
  };
  const recordid = (await read(crc)).record!.recordid;

  h.clock.advance(MINUTE);
  const added = await h.call(
    savePINote,
    { recordid, action: 'add', variable: 'SYSBP', text: '收缩压已与门诊病历核对' },
    crc,
  );
  put('notes/savePINote', added.body);
  put(
    'notes/savePINote.empty',
    (await h.call(savePINote, { recordid, variable: 'SYSBP', text: ' ' }, crc)).body,
  );
  put('notes/piNoteList', (await h.call(piNoteList, { recordid, variable: 'SYSBP' }, cra)).body);
  h.clock.advance(MINUTE);
  const noteid = added.body.success ? added.body.data.note.noteid : '';
  put(
    'notes/savePINote.review',
    (await h.call(savePINote, { recordid, action: 'review', noteid, text: '已核对' }, cra)).body,
  );

  h.clock.advance(MINUTE);
  const seen = await read(cra);
  put('sdv/saveVarStatusList.empty', (await h.call(saveVarStatusList, { list: [] }, cra)).body);
  put(
    'sdv/saveVarStatusList',
    (await h.call(saveVarStatusList, { list: [{ recordid, rowversion: seen.record!.rowversion }] }, cra))
      .body,
  );
  put('sdv/dataInfo.verified', (await h.call(dataInfo, keys, cra)).body);

  h.clock.advance(MINUTE);
  const before = await read(crc);
  await h.call(
    updateData,
    {
      recordid,
      rowversion: before.record!.rowversion,
      version: 1,
      values: { ...before.values, SYSBP: '121' },
      reasons: { SYSBP: { code: 'TRANSCRIPTION', text: '转录错误' } },
      idempotencyKey: 'fixture-sdv-reset-000001',
    },
    crc,
  );
  put('sdv/dataInfo.reset', (await h.call(dataInfo, keys, cra)).body);
  put('sdv/sdvWorklist', (await h.call(sdvWorklist, { page: 1, size: 20 }, cra)).body);
  h.clock.advance(MINUTE);
  put('sdv/subjectSdvSign', (await h.call(subjectSdvSign, { subjectid: DEMO_SUBJECTS.entry }, cra)).body);
}
