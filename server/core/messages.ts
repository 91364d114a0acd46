/**
 * Texts the server writes into `msg`, in both locales; the request header `locale` picks one (zh_CN by default).
 */
import { isLocale, type Locale, type LocalizedText } from '../../engine/api/localized';

export const SERVER_MESSAGES = {
  paramError: { zh_CN: '参数错误', en: 'parameter error' },
  paramErrorIn: { zh_CN: '参数错误：{names}', en: 'parameter error: {names}' },
  serverError: { zh_CN: '服务器错误', en: 'server error' },
  serverErrorWithId: {
    zh_CN: '服务器错误，请联系管理员并提供错误编号 {errorId}',
    en: 'Server error; please contact your administrator with error id {errorId}',
  },
  requestUnreadable: {
    zh_CN: '请求无法解析，请检查后重试（错误编号 {errorId}）',
    en: 'The request could not be read; check it and try again (error id {errorId})',
  },
  requestTooLarge: { zh_CN: '请求内容过大', en: 'The request is too large' },
  notFound: { zh_CN: '接口不存在', en: 'no such endpoint' },
  badLogin: { zh_CN: '用户名或密码错误', en: 'Incorrect user name or password' },
  lockedOut: {
    zh_CN: '登录失败次数过多，账号已锁定，请 {minutes} 分钟后再试',
    en: 'Too many failed logins: the account is locked; try again in {minutes} min',
  },
  tooManyRequests: {
    zh_CN: '请求过于频繁，请 {seconds} 秒后再试',
    en: 'Too many requests; try again in {seconds} s',
  },
  hostNotAllowed: {
    zh_CN: '该地址未被配置为本系统的访问地址',
    en: 'This server is not configured to answer at this address',
  },
  accountDisabled: {
    zh_CN: '账号已停用，请联系管理员',
    en: 'This account is disabled; please contact your administrator',
  },
  noToken: { zh_CN: '未登录', en: 'Not logged in' },
  badToken: { zh_CN: '登录已失效，请重新登录', en: 'The login is no longer valid; please log in again' },
  replaced: {
    zh_CN: '您的账号已在其他地方登录',
    en: 'Your account has logged in elsewhere',
  },
  expired: { zh_CN: '登录超时，请重新登录', en: 'The session expired; please log in again' },
  roleUnavailable: { zh_CN: '当前角色已不可用', en: 'The current role is no longer available' },
  noStudy: { zh_CN: '您在该项目中没有可用的角色', en: 'You hold no active role in this study' },
  pageNotAllowed: { zh_CN: '当前角色无权访问此页面', en: 'Your current role may not open this page' },
  roleNotHeld: { zh_CN: '您在该中心没有此角色', en: 'You do not hold this role at this site' },
  roleTranMismatch: {
    zh_CN: '只能记录切换到当前会话角色的操作',
    en: 'Only a switch to the role and site of this session can be recorded',
  },
  notYourself: { zh_CN: '只能查询本人在当前项目的信息', en: 'Only your own study and user can be queried' },
  signerMismatch: { zh_CN: '签名人必须是当前登录用户', en: 'The signer must be the logged-in user' },
  badSignaturePassword: { zh_CN: '密码错误，签名失败', en: 'Incorrect password: not signed' },
  signatureNeedsUsername: {
    zh_CN: '本次登录后首次签名，请输入用户名和密码',
    en: 'The first signature of a session needs your user name and password',
  },
  signatureLocked: {
    zh_CN: '签名失败次数过多，已退出登录',
    en: 'Too many failed signatures: you have been logged out',
  },
  tooManyLogs: { zh_CN: '日志过多，请稍后再试', en: 'Too many log entries; try again later' },
  passwordExpiresIn: {
    zh_CN: '您的密码将在 {days} 天后过期，请及时修改密码',
    en: 'Your password expires in {days} days; please change it',
  },
  listNotConfigured: { zh_CN: '该列表尚未配置', en: 'This list is not configured' },
  unknownCodeList: { zh_CN: '代码表不存在', en: 'No such code list' },
  subjectNotFound: {
    zh_CN: '受试者不存在或不在您负责的中心',
    en: 'No such subject at the sites of your role',
  },
  passwordExpired: { zh_CN: '您的密码已过期，请修改密码', en: 'Your password has expired; please change it' },
  dataNotAllowed: { zh_CN: '当前角色无权查看研究数据', en: 'Your current role may not see study data' },
  dataWriteNotAllowed: {
    zh_CN: '当前角色无权录入或修改数据',
    en: 'Your current role may not enter or change data',
  },
  visitNotFound: { zh_CN: '该受试者没有此访视', en: 'The subject has no such visit' },
  formNotFound: { zh_CN: '该访视没有此表单', en: 'The visit has no such form' },
  recordNotFound: {
    zh_CN: '记录不存在或不在您负责的中心',
    en: 'No such record at the sites of your role',
  },
  formVersionNotFound: { zh_CN: '表单版本不存在', en: 'No such version of the form' },
  formVersionOutdated: {
    zh_CN: '表单版本已变更，请重新打开该页面',
    en: 'The form version has changed; please open the page again',
  },
  formSchemaInvalid: {
    zh_CN: '表单定义有误，无法录入，请联系数据管理员',
    en: 'The form definition has errors; data cannot be entered. Please contact data management',
  },
  idempotencyKeyReused: {
    zh_CN: '该请求标识已用于其他操作',
    en: 'This request key was already used for another operation',
  },
  subjectAddNotAllowed: {
    zh_CN: '当前角色无权新增受试者',
    en: 'Your current role may not add subjects',
  },
  subjectEditNotAllowed: {
    zh_CN: '当前角色无权修改受试者信息',
    en: 'Your current role may not change subject information',
  },
  siteNotChosen: {
    zh_CN: '只能在当前选择的中心新增受试者',
    en: 'Subjects can only be added at the site you chose',
  },
  subjidTaken: { zh_CN: '受试者编号 {subjid} 已存在', en: 'Subject number {subjid} already exists' },
  subjidPattern: {
    zh_CN: '受试者编号须符合格式 {pattern}（例如 {example}）',
    en: 'The subject number must follow {pattern} (e.g. {example})',
  },
  unknownProtover: { zh_CN: '方案版本不存在', en: 'No such protocol version' },
  unknownCrfver: { zh_CN: 'eCRF 版本不存在', en: 'No such eCRF version' },
  reasonRequired: { zh_CN: '请填写修改原因', en: 'Please give a reason for the change' },
  noNeedToSave: { zh_CN: '数据未修改，无需保存', en: 'No need to save: nothing was changed' },
  subjectChanged: {
    zh_CN: '该受试者已被他人修改，请刷新后重试',
    en: 'This subject was changed meanwhile; please reload it and try again',
  },
  transitionNotAllowed: {
    zh_CN: '受试者当前状态不能变更为所选状态',
    en: "The subject's current state cannot change to the chosen one",
  },
  transitionNotPermitted: {
    zh_CN: '当前角色无权进行此状态变更',
    en: 'Your current role may not make this state change',
  },
  // queries (issue 13; docs/queries.md)
  queryCloseReasonRequired: { zh_CN: '关闭原因不能为空', en: 'The close reason must not be empty' },
  queryUnknownCloseReason: { zh_CN: '关闭原因不存在', en: 'No such close reason' },
  queryUnknownIssueType: { zh_CN: '质疑类型不存在', en: 'No such query issue type' },
  queryUnknownPd: { zh_CN: 'PD 类型或子类不存在', en: 'No such PD type or subcategory' },
  queryNotAllowed: {
    zh_CN: '当前角色无权进行此质疑操作',
    en: 'Your current role may not do this with queries',
  },
  queryNotFound: {
    zh_CN: '质疑不存在或不在您负责的中心',
    en: 'No such query at the sites of your role',
  },
  queryStateNotAllowed: {
    zh_CN: '质疑当前状态不允许此操作',
    en: "The query's current state does not allow this",
  },
  queryChanged: {
    zh_CN: '该质疑已被他人处理，请刷新后重试',
    en: 'This query was changed meanwhile; please reload it and try again',
  },
  queryTargetInvalid: {
    zh_CN: '质疑对象无效：请选择该表单的变量、页面或日志行',
    en: 'Not a query target: choose an item, the page or a log-line row of this form',
  },
  queryForwardRoleRequired: { zh_CN: '请选择转发的角色', en: 'Please choose the role to forward to' },
  systemQueryOutOfRange: {
    zh_CN: '超出预期范围 {min} 到 {max}，请核实',
    en: 'Outside the expected range {min} to {max}: please verify',
  },
  systemQueryBelowMin: {
    zh_CN: '低于预期最小值 {min}，请核实',
    en: 'Below the expected minimum {min}: please verify',
  },
  systemQueryAboveMax: {
    zh_CN: '高于预期最大值 {max}，请核实',
    en: 'Above the expected maximum {max}: please verify',
  },
  systemQueryCheck: { zh_CN: '逻辑核查 {check} 未通过，请核实', en: 'Check {check} failed: please verify' },
} as const satisfies Record<string, LocalizedText>;

export type ServerMessageId = keyof typeof SERVER_MESSAGES;

/** The request's locale from its `locale` header; zh_CN when absent or unknown. */
export function requestLocale(header: string | string[] | undefined): Locale {
  const value = Array.isArray(header) ? header[0] : header;
  return isLocale(value) ? value : 'zh_CN';
}

export function message(
  id: ServerMessageId,
  locale: Locale,
  values: Record<string, string | number> = {},
): string {
  const text: string = SERVER_MESSAGES[id][locale];
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
