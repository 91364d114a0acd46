/**
 * The freeze fixtures (fixtures/freeze/*.json), captured last (a frozen page changes nothing captured before): on the
 * rich demo subject's V1 VS page, cra.zhao (CRA @ BJ01) applies to freeze the page with the approval role DM (and with
 * nothing selected, refused); the page's freeze state while pending; dm.chen (DM @ BJ01) lists the requests and
 * approves; the page read again — frozen, read only — and its freeze state; dm.chen's own unfreeze request, which he
 * may not approve (self-approval refused), and which he then withdraws.
 */
import { dataInfo } from '../../engine/api/data';
import {
  applyFreeze,
  approveFreeze,
  FREEZE_LIST_KEY,
  freezeList,
  freezeStatus,
  withdrawFreeze,
} from '../../engine/api/freeze';
import { selectColumns, selectSearchFields } from '../../engine/api/lists';
import { richDemoSubject } from '../seed/forms';
import { MINUTE } from './clock';
import type { Harness } from './harness';

export async function captureFreezeFixtures(
  h: Harness,
  put: (name: string, body: unknown) => void,
): Promise<void> {
  const rich = await richDemoSubject(h.db, 'study-demo-001');
  if (!rich) throw new Error('no rich demo subject');
  const cra = { token: await h.loginAs('cra.zhao', 'CRA', 'BJ01') };
  const dm = { token: await h.loginAs('dm.chen', 'DM', 'BJ01') };
  const crc = { token: await h.loginAs('crc.li', 'CRC', 'BJ01') };
  const keys = { subjectid: rich, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' };
  const page = { level: 'page', ...keys };

  h.clock.advance(MINUTE);
  put(
    'freeze/applyFreeze.empty',
    (await h.call(applyFreeze, { action: 'freeze', approvalRole: 'DM', reason: '中期分析', list: [] }, cra))
      .body,
  );
  const applied = await h.call(
    applyFreeze,
    { action: 'freeze', approvalRole: 'DM', reason: '中期分析前冻结', list: [page] },
    cra,
  );
  put('freeze/applyFreeze', applied.body);
  put('freeze/freezeStatus.pending', (await h.call(freezeStatus, keys, dm)).body);
  put('freeze/freezeSearchFields', (await h.call(selectSearchFields, { listKey: FREEZE_LIST_KEY }, dm)).body);
  put('freeze/freezeColumns', (await h.call(selectColumns, { listKey: FREEZE_LIST_KEY }, dm)).body);
  put('freeze/freezeList', (await h.call(freezeList, { page: 1, size: 20 }, dm)).body);

  h.clock.advance(MINUTE);
  const requestids = applied.body.success ? applied.body.data.requestids : [];
  put(
    'freeze/approveFreeze',
    (await h.call(approveFreeze, { decision: 'approve', reason: '数据已清理', requestids }, dm)).body,
  );
  put('freeze/dataInfo.frozen', (await h.call(dataInfo, keys, crc)).body);
  put('freeze/freezeStatus.frozen', (await h.call(freezeStatus, keys, crc)).body);

  h.clock.advance(MINUTE);
  const own = await h.call(
    applyFreeze,
    { action: 'unfreeze', approvalRole: 'DM', reason: '需更正', list: [page] },
    dm,
  );
  const ownIds = own.body.success ? own.body.data.requestids : [];
  put(
    'freeze/approveFreeze.self',
    (await h.call(approveFreeze, { decision: 'approve', reason: '同意', requestids: ownIds }, dm)).body,
  );
  h.clock.advance(MINUTE);
  put(
    'freeze/withdrawFreeze',
    (await h.call(withdrawFreeze, { reason: '无需解冻', requestids: ownIds }, dm)).body,
  );
}
