/**
 * Produces the fixtures (fixtures/session/*.json, fixtures/lists/*.json, fixtures/forms/*.json) from the real server on the test database with the test clock:
 * the writer (writeFixtures.ts) saves them, and fixtures.test.ts checks that the saved ones still match.
 * Tokens, which are random, are replaced by FIXTURE_TOKEN.
 */
import {
  appVersion,
  changeSiteRole,
  expirationTime,
  findPicParam,
  heartBeat,
  help,
  login,
  logout,
  loginFront,
  loginInfo,
  menuList,
  online,
  roleTranAdd,
  siteList,
  validationSignUser as signature,
  writeWebLog,
} from '../../engine/api/session';
import {
  SUBJECT_LIST_KEY,
  changeWorkflow,
  checkSubject,
  getCrfVer,
  getProtover,
  saveSubject,
  sitecodeList,
  subjectBase,
  subjectInfo,
  subjectList,
  updateInfo,
  updateSubject,
} from '../../engine/api/subjects';
import { codeList, searchFieldShown, selectColumns, selectSearchFields } from '../../engine/api/lists';
import {
  auditTrail,
  dataInfo,
  dataInputAsst,
  dataList,
  editReasons,
  saveData,
  updateData,
} from '../../engine/api/data';
import { editCheck, editCheckUpdate } from '../../engine/api/editChecks';
import { myTaskInfo, siteStatistics } from '../../engine/api/statistics';
import { tableList, visitList } from '../../engine/api/visits';
import { DEMO_SUBJECTS, richDemoSubject } from '../seed/forms';
import { captureVisitFixtures } from './captureVisitFixtures';
import { captureCasebookBatchFixtures } from './captureCasebookBatchFixtures';
import { numberedIds } from './numberedIds';
import { captureReviewFixtures } from './captureReviewFixtures';
import { captureSignatureFixtures } from './captureSignatureFixtures';
import { captureMedCodingFixtures } from './captureMedCodingFixtures';
import { captureFreezeFixtures } from './captureFreezeFixtures';
import { MINUTE } from './clock';
import { captureSubjectManagementFixtures } from './captureSubjectManagementFixtures';
import { captureQueryFixtures } from './captureQueryFixtures';
import { captureQueryImportFixtures } from './captureQueryImportFixtures';
import { captureInterchangeFixtures } from './captureInterchangeFixtures';
import type { Harness } from './harness';
import { TEST_PASSWORD } from './testDb';

export const FIXTURE_TOKEN = 'fixture-token-0000000000000000000000000000000';

/** Role code → the demo user and site its menu fixture is taken from. */
export const MENU_FIXTURE_USERS: Record<string, [string, string]> = {
  PI: ['pi.wang', 'BJ01'],
  CRC: ['crc.li', 'BJ01'],
  CRA: ['cra.zhao', 'BJ01'],
  DM: ['dm.chen', 'BJ01'],
  SPONSOR: ['sponsor.liu', 'BJ01'],
  CODER: ['coder.zhou', 'BJ01'],
  SUPPORT: ['support.admin', 'BJ01'],
};

/** Fixture path under fixtures/ (without .json) → the body the server sent. */
export type CapturedFixtures = Record<string, unknown>;

export async function captureFixtures(h: Harness): Promise<CapturedFixtures> {
  const out: CapturedFixtures = {};
  const put = (name: string, body: unknown) => {
    out[name] = JSON.parse(JSON.stringify(body).replaceAll(/"token":"[^"]+"/g, `"token":"${FIXTURE_TOKEN}"`));
  };

  put('session/logininfo.anonymous', (await h.call(loginInfo)).body);
  put('session/appversion', (await h.call(appVersion)).body);
  put(
    'session/loginFront.failed',
    (await h.call(loginFront, { username: 'crc.li', password: 'wrong' })).body,
  );
  put('session/refused.noToken', (await h.call(findPicParam)).body);
  put('session/refused.badToken', (await h.call(findPicParam, {}, { token: 'no-such-token' })).body);
  put('session/refused.parameterError', (await h.call(loginFront, { username: 'crc.li' })).body);

  // crc.li: the newcomer path
  const front = await h.call(loginFront, { username: 'crc.li', password: TEST_PASSWORD });
  put('session/loginFront', front.body);
  const token = front.body.success ? front.body.data.token : '';
  put('session/login', (await h.call(login, {}, { token })).body);
  put('session/refused.roleUnavailable', (await h.call(menuList, {}, { token })).body);
  const ids = await h.ids('CRC', 'BJ01');
  const other = await h.ids('DM', 'BJ01');
  put('session/changeSiteRole.refused', (await h.call(changeSiteRole, other, { token })).body);
  put('session/changeSiteRole', (await h.call(changeSiteRole, ids, { token })).body);
  put(
    'session/roleTranAdd',
    (await h.call(roleTranAdd, { fromRoleid: null, toRoleid: ids.roleid, siteid: ids.siteid }, { token }))
      .body,
  );
  put('session/logininfo', (await h.call(login, {}, { token })).body);
  put('session/menuList', (await h.call(menuList, {}, { token })).body);
  put('session/heartBeat', (await h.call(heartBeat, {}, { token })).body);
  const info = await h.call(login, {}, { token });
  const me = info.body.success
    ? { studyid: info.body.data.studyid ?? '', userid: info.body.data.userid ?? '' }
    : {};
  put('session/expirationTime', (await h.call(expirationTime, me, { token })).body);
  put('session/findPicParam', (await h.call(findPicParam, {}, { token })).body);
  put('session/help', (await h.call(help, {}, { token })).body);
  put('session/online', (await h.call(online, {}, { token })).body);
  put(
    'session/writeWebLog',
    (
      await h.call(
        writeWebLog,
        {
          level: 'error',
          kind: 'error',
          message: 'x is undefined',
          url: '/edcweb/index',
          time: h.clock.now().toISOString(),
        },
        { token },
      )
    ).body,
  );
  put(
    'session/signature',
    (
      await h.call(
        signature,
        // the first signing of a session gives the user name too (21 CFR 11.200)
        { username: 'crc.li', password: TEST_PASSWORD, meaning: 'I confirm that this data is accurate' },
        { token },
      )
    ).body,
  );
  put(
    'session/signature.failed',
    (
      await h.call(
        signature,
        { password: 'wrong', meaning: 'I confirm that this data is accurate' },
        { token },
      )
    ).body,
  );
  put('session/logout', (await h.call(logout, {}, { token })).body);

  // dm.chen: several roles and sites
  const dm = await h.login('dm.chen');
  put('session/sitelist', (await h.call(siteList, {}, { token: dm })).body);

  // coder.zhou: the password expires in 5 days
  const coder = await h.login('coder.zhou');
  const coderInfo = await h.call(login, {}, { token: coder });
  const coderIds = coderInfo.body.success
    ? { studyid: coderInfo.body.data.studyid ?? '', userid: coderInfo.body.data.userid ?? '' }
    : {};
  put('session/expirationTime.flagged', (await h.call(expirationTime, coderIds, { token: coder })).body);

  // replaced and expired sessions
  const first = await h.login('cra.zhao');
  await h.login('cra.zhao');
  put('session/heartBeat.replaced', (await h.call(heartBeat, {}, { token: first })).body);
  put('session/refused.replaced', (await h.call(findPicParam, {}, { token: first })).body);
  const idle = await h.login('sponsor.liu');
  h.clock.advance(31 * MINUTE);
  put('session/heartBeat.expired', (await h.call(heartBeat, {}, { token: idle })).body);
  put('session/refused.expired', (await h.call(findPicParam, {}, { token: idle })).body);
  h.clock.advance(-31 * MINUTE);

  for (const [role, [user, site]] of Object.entries(MENU_FIXTURE_USERS)) {
    const t = await h.loginAs(user, role, site);
    put(`session/menuList/${role}`, (await h.call(menuList, {}, { token: t })).body);
  }

  await captureListFixtures(h, put);
  await captureFormFixtures(h, put);
  await captureSubjectFixtures(h, put);
  await captureVisitFixtures(h, put);
  await captureSubjectManagementFixtures(h, put);
  await captureReviewFixtures(h, put);
  await captureQueryFixtures(h, put);
  await captureQueryImportFixtures(h, put);
  await captureStatisticsFixtures(h, put);
  await captureSignatureFixtures(h, put);
  await captureMedCodingFixtures(h, put);
  // freeze (issue 14): last, a frozen page changes nothing captured before
  await captureFreezeFixtures(h, put);
  // casebook batch operations (issue 12): after freeze, its run marks pages
  await captureCasebookBatchFixtures(h, put);
  // interchange (issue 17): after everything, a publish changes the study's definition
  await captureInterchangeFixtures(h, put);
  return out;
}

/** The subject list as crc.li (CRC at BJ01 + SH01) sees it; the refusals a list screen shows. */
async function captureListFixtures(h: Harness, put: (name: string, body: unknown) => void): Promise<void> {
  const crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  const as = { token: crc };
  put(
    'lists/subjectSearchFields',
    (await h.call(selectSearchFields, { listKey: SUBJECT_LIST_KEY }, as)).body,
  );
  put('lists/subjectColumns', (await h.call(selectColumns, { listKey: SUBJECT_LIST_KEY }, as)).body);
  put('lists/subjectList', (await h.call(subjectList, { page: 1, size: 20 }, as)).body);
  put(
    'lists/subjectList.sortedFiltered',
    (
      await h.call(
        subjectList,
        { page: 1, size: 20, orderByField: 'enrolldate', asc: false, status: ['2', '3'] },
        as,
      )
    ).body,
  );
  for (const type of ['SEX', 'SUBJSTATUS', 'SITE']) {
    put(`lists/codeList.${type}`, (await h.call(codeList, { codelisttype: type }, as)).body);
  }
  put('lists/subjectInfo', (await h.call(subjectInfo, { subjectid: 'subj-bj01-0001' }, as)).body);
  put('lists/subjectInfo.notFound', (await h.call(subjectInfo, { subjectid: 'subj-bos01-0001' }, as)).body);
  put(
    'lists/refused.parameterError',
    (await h.call(subjectList, { enrolldateStart: '2025-06-01', enrolldateEnd: '2025-05-31' }, as)).body,
  );
  put(
    'lists/searchFieldShown',
    (
      await h.call(
        searchFieldShown,
        { listKey: SUBJECT_LIST_KEY, shown: ['subjects.initials', 'subjects.enrolldate'] },
        as,
      )
    ).body,
  );
  const coder = await h.loginAs('coder.zhou', 'CODER', 'BJ01');
  put('lists/refused.pageNotAllowed', (await h.call(subjectList, {}, { token: coder })).body);
}

/** Idempotency keys of the captured saves (not part of any response). */
const fixtureKey = (n: number) => `fixture-save-${String(n).padStart(8, '0')}`;

/**
 * Data entry as crc.li (CRC @ BJ01 + SH01): the visits and V1 forms of the e2e subject (DEMO_SUBJECTS.entry, V1 VS
 * not entered), the seeded records of the rich demo subject (V2 VS changed once; AE rows), then a VS entry at the
 * e2e subject's V1 through every save outcome, its change and its audit trail; the refusals a data page shows.
 */
async function captureFormFixtures(h: Harness, put: (name: string, body: unknown) => void): Promise<void> {
  const crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  const as = { token: crc };
  const entry = DEMO_SUBJECTS.entry;
  const rich = (await richDemoSubject(h.db, 'study-demo-001')) ?? '';
  const v1vs = { subjectid: entry, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' };
  const richV2vs = { subjectid: rich, visitnum: 'V2', cycnum: 1, svnum: 1, tid: 'VS' };
  const richAe = { subjectid: rich, visitnum: 'LOG', cycnum: 1, svnum: 1, tid: 'AE' };

  put('forms/visitList', (await h.call(visitList, { subjectid: entry }, as)).body);
  put('forms/visitList.notFound', (await h.call(visitList, { subjectid: 'subj-bos01-0001' }, as)).body);
  put('forms/tableList', (await h.call(tableList, { subjectid: entry, visitnum: 'V1' }, as)).body);
  put('forms/dataList', (await h.call(dataList, v1vs, as)).body);
  put('forms/dataList.logline', (await h.call(dataList, richAe, as)).body);
  put('forms/dataInfo.new', (await h.call(dataInfo, v1vs, as)).body);
  put('forms/dataInfo', (await h.call(dataInfo, richV2vs, as)).body);
  put('forms/dataInfo.line', (await h.call(dataInfo, { ...richAe, lineno: 1 }, as)).body);
  put('forms/editReasons', (await h.call(editReasons, {}, as)).body);
  put(
    'forms/dataInputAsst',
    (await h.call(dataInputAsst, { tid: 'AE', variable: 'AETERM', q: '' }, as)).body,
  );
  const richRecord = await h.call(dataInfo, richV2vs, as);
  const richId = richRecord.body.success ? (richRecord.body.data.record?.recordid ?? '') : '';
  put('forms/auditTrail', (await h.call(auditTrail, { recordid: richId }, as)).body);

  const values = {
    VSDAT: '2026-03-01',
    VSPOS: 'SITTING',
    SYSBP: '12a',
    DIABP: '80',
    PULSE: '70',
    TEMP: '36.5',
    WEIGHT: '70',
    HEIGHT: '175',
  };
  const saveParams = (n: number, v: Record<string, unknown>, confirmWarnings = false) => ({
    ...v1vs,
    version: 1,
    values: v,
    confirmWarnings,
    idempotencyKey: fixtureKey(n),
  });
  put('forms/editCheck', (await h.call(editCheck, { ...v1vs, version: 1, values }, as)).body);
  put('forms/saveData.invalid', (await h.call(saveData, saveParams(1, values), as)).body);
  const warned = { ...values, SYSBP: '150' };
  put('forms/saveData.needsConfirmation', (await h.call(saveData, saveParams(2, warned), as)).body);
  const saved = await h.call(saveData, saveParams(3, { ...values, SYSBP: '120' }), as);
  put('forms/saveData', saved.body);
  const record = saved.body.success && 'record' in saved.body.data ? saved.body.data.record : undefined;
  const recordid = record?.recordid ?? '';
  const changed = { ...values, SYSBP: '120', PULSE: '76' };
  const updateParams = (n: number, rowversion: number, reasons: Record<string, unknown> = {}) => ({
    recordid,
    rowversion,
    version: 1,
    values: changed,
    reasons,
    idempotencyKey: fixtureKey(n),
  });
  put(
    'forms/editCheckUpdate',
    (await h.call(editCheckUpdate, { recordid, version: 1, values: changed }, as)).body,
  );
  put('forms/updateData.needsReason', (await h.call(updateData, updateParams(4, 1), as)).body);
  const reason = { PULSE: { code: 'TRANSCRIPTION', text: 'Transcription error' } };
  put('forms/updateData', (await h.call(updateData, updateParams(5, 1, reason), as)).body);
  put('forms/updateData.conflict', (await h.call(updateData, updateParams(6, 1, reason), as)).body);
  put('forms/updateData.unchanged', (await h.call(updateData, updateParams(7, 2, reason), as)).body);
  put('forms/auditTrail.entered', (await h.call(auditTrail, { recordid }, as)).body);

  const sponsor = await h.loginAs('sponsor.liu', 'SPONSOR', 'BJ01');
  put(
    'forms/refused.writeNotAllowed',
    (await h.call(saveData, saveParams(8, { ...values, SYSBP: '120' }), { token: sponsor })).body,
  );
}

/**
 * The casebook's subjects as crc.li (CRC @ BJ01) works them: the sites and versions of the add dialog, the number
 * checks (free, taken, off the pattern), a subject added (BJ01-0031), its base info changed with a reason, its
 * enrolment, its base with the audit trail; cra.zhao (CRA @ BJ01) reading it; the refusals.
 */
async function captureSubjectFixtures(h: Harness, put: (name: string, body: unknown) => void): Promise<void> {
  const crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  const as = { token: crc };
  const sites = await h.call(sitecodeList, {}, as);
  put('subjects/sitecodeList', sites.body);
  put('subjects/getProtover', (await h.call(getProtover, {}, as)).body);
  put('subjects/getCrfVer', (await h.call(getCrfVer, {}, as)).body);
  const site = sites.body.success ? sites.body.data[0] : undefined;
  const siteid = site?.siteid ?? '';
  const subjid = site?.nextsubjid ?? '';
  put('subjects/checkSubject', (await h.call(checkSubject, { siteid, subjid }, as)).body);
  put(
    'subjects/checkSubject.duplicate',
    (await h.call(checkSubject, { siteid, subjid: 'BJ01-0001' }, as)).body,
  );
  put('subjects/checkSubject.pattern', (await h.call(checkSubject, { siteid, subjid: 'BJ01-31' }, as)).body);
  const fresh = {
    siteid,
    protover: 'PROT-2.0',
    crfver: 'CRF-1.1',
    initials: 'ZQ',
    sex: 'F',
    birthdate: '1980-04-02',
  };
  put(
    'subjects/saveSubject.duplicate',
    (await h.call(saveSubject, { ...fresh, subjid: 'BJ01-0001' }, as)).body,
  );
  const saved = await h.call(saveSubject, { ...fresh, subjid }, as);
  put('subjects/saveSubject', saved.body);
  const row = saved.body.success ? saved.body.data : null;
  const subjectid = row?.subjectid ?? '';
  put('subjects/subjectBase.new', numberedIds((await h.call(subjectBase, { subjectid }, as)).body, 'audit'));
  h.clock.advance(MINUTE);
  const info = {
    subjectid,
    updatedat: row?.updatedat ?? '',
    initials: 'ZQL',
    sex: 'F',
    birthdate: '1980-04-02',
    age: row?.age ?? null,
    reason: '',
  };
  put('subjects/updateInfo.noReason', (await h.call(updateInfo, info, as)).body);
  const updated = await h.call(updateInfo, { ...info, reason: '筛选日志抄写错误' }, as);
  put('subjects/updateInfo', updated.body);
  const afterInfo = updated.body.success ? updated.body.data : null;
  put(
    'subjects/updateSubject',
    (
      await h.call(
        updateSubject,
        {
          subjectid,
          updatedat: afterInfo?.updatedat ?? '',
          subjid,
          protover: 'PROT-2.0',
          crfver: 'CRF-1.0',
          reason: '按中心启用的 eCRF 版本更正',
        },
        as,
      )
    ).body,
  );
  h.clock.advance(MINUTE);
  const current = await h.call(subjectInfo, { subjectid }, as);
  const enrolled = await h.call(
    changeWorkflow,
    {
      subjectid,
      updatedat: current.body.success ? current.body.data.updatedat : '',
      status: '2',
      reason: '入选标准全部满足',
    },
    as,
  );
  put('subjects/changeWorkflow', enrolled.body);
  put('subjects/subjectBase', numberedIds((await h.call(subjectBase, { subjectid }, as)).body, 'audit'));
  const cra = await h.loginAs('cra.zhao', 'CRA', 'BJ01');
  put('subjects/sitecodeList.readOnly', (await h.call(sitecodeList, {}, { token: cra })).body);
  put(
    'subjects/subjectBase.readOnly',
    numberedIds((await h.call(subjectBase, { subjectid }, { token: cra })).body, 'audit'),
  );
  put(
    'subjects/refused.addNotAllowed',
    (await h.call(saveSubject, { ...fresh, subjid: 'BJ01-0099' }, { token: cra })).body,
  );
}

/**
 * The home page after the captures above: crc.li's to-dos and statistics (CRC @ BJ01, holding the role at BJ01 and
 * SH01), cra.zhao's (CRA @ BJ01: no data-entry to-dos).
 */
async function captureStatisticsFixtures(
  h: Harness,
  put: (name: string, body: unknown) => void,
): Promise<void> {
  const crc = { token: await h.loginAs('crc.li', 'CRC', 'BJ01') };
  put('statistics/myTaskInfo', (await h.call(myTaskInfo, {}, crc)).body);
  put('statistics/siteStatistics', (await h.call(siteStatistics, {}, crc)).body);
  const cra = { token: await h.loginAs('cra.zhao', 'CRA', 'BJ01') };
  put('statistics/myTaskInfo.monitor', (await h.call(myTaskInfo, {}, cra)).body);
}
