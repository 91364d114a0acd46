/**
 * Texts the server writes into `msg`, in both locales; the request header `locale` picks one (zh_CN by default).
 */
import { isLocale, type Locale, type LocalizedText } from '../../engine/api/localized';
import { INTERCHANGE_MESSAGES } from './interchangeMessages';

export const SERVER_MESSAGES = {
  ...INTERCHANGE_MESSAGES,
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
  serverBusy: {
    zh_CN: '服务器繁忙，请 {seconds} 秒后再试',
    en: 'The server is busy; try again in {seconds} s',
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
  // notes and SDV (issue 14; docs/notes-and-sdv.md)
  noteEmpty: { zh_CN: '批注不为空', en: 'The note needs an item and a text' },
  noteAddNotAllowed: { zh_CN: '当前角色无权添加批注', en: 'Your current role may not add notes' },
  noteReviewNotAllowed: { zh_CN: '当前角色无权审核批注', en: 'Your current role may not review notes' },
  noteNotFound: { zh_CN: '批注不存在', en: 'No such note' },
  noteAlreadyReviewed: { zh_CN: '该批注已审核', en: 'This note has been reviewed already' },
  itemNotFound: { zh_CN: '该表单没有此条目', en: 'The form has no such item' },
  itemNotEntered: {
    zh_CN: '条目 {variable} 尚未录入，无法核查',
    en: 'Item {variable} has not been entered and cannot be verified',
  },
  sdvNotAllowed: { zh_CN: '当前角色无权进行源数据核查', en: 'Your current role may not verify source data' },
  sdvRecordChanged: {
    zh_CN: '该页面已被修改，请刷新后再核查',
    en: 'The page was changed meanwhile; reload it and verify again',
  },
  sdvSelectItems: { zh_CN: '请选择要核查的条目', en: 'Select items to verify' },
  // freeze and unfreeze with approval (issue 14; docs/freeze.md)
  freezeApplyNotAllowed: {
    zh_CN: '当前角色无权申请冻结或解冻',
    en: 'Your current role may not apply to freeze or unfreeze',
  },
  freezeApproveNotAllowed: {
    zh_CN: '当前角色无权审批冻结或解冻',
    en: 'Your current role may not approve freezes or unfreezes',
  },
  freezeSelectItems: { zh_CN: '请选择要冻结的条目', en: 'Select items to freeze' },
  freezeSelectRequests: { zh_CN: '请选择要审批的申请', en: 'Select requests to approve' },
  freezeSelectRequestsToWithdraw: { zh_CN: '请选择要撤回的申请', en: 'Select requests to withdraw' },
  freezeReasonRequired: { zh_CN: '请填写原因', en: 'A reason is required' },
  freezeApprovalRoleInvalid: {
    zh_CN: '审批角色无审批冻结的权限',
    en: 'The approval role may not approve freezes',
  },
  freezeTargetInvalid: {
    zh_CN: '冻结对象不完整或不存在',
    en: 'The freeze target is incomplete or does not exist',
  },
  freezeAlreadyFrozen: { zh_CN: '该数据已冻结', en: 'This data is frozen already' },
  freezeNotFrozen: { zh_CN: '该数据未冻结，无法解冻', en: 'This data is not frozen and cannot be unfrozen' },
  freezePending: {
    zh_CN: '该数据已有待审批的冻结或解冻申请',
    en: 'A freeze or unfreeze request for this data is awaiting approval',
  },
  freezeRequestNotFound: { zh_CN: '冻结申请不存在', en: 'No such freeze request' },
  freezeRequestDecided: { zh_CN: '该申请已审批', en: 'This request has been decided already' },
  freezeWrongApprover: {
    zh_CN: '该申请需由 {role} 角色审批',
    en: 'This request is to be approved by the role {role}',
  },
  freezeSelfApproval: {
    zh_CN: '不能审批自己提交的申请',
    en: 'You may not approve your own request',
  },
  freezeWithdrawNotOwn: {
    zh_CN: '只能撤回自己提交的申请',
    en: 'You may withdraw only your own requests',
  },
  freezeWithdrawNotPending: {
    zh_CN: '该申请已审批或已撤回，不能撤回',
    en: 'This request is no longer pending (decided or withdrawn): it cannot be withdrawn',
  },
  freezeFrozenPage: {
    zh_CN: '数据已冻结，不能修改（{reason}）',
    en: 'The data is frozen and cannot be changed ({reason})',
  },
  freezeFrozenItem: {
    zh_CN: '条目 {variable} 已冻结，不能修改（{reason}）',
    en: 'Item {variable} is frozen and cannot be changed ({reason})',
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
  // batch upload, abandon, transfer (docs/casebook-batch.md)
  uploadTooLarge: {
    zh_CN: '上传失败：文件不能超过 {max}',
    en: 'upload failed: the file may not be larger than {max}',
  },
  uploadOneFile: { zh_CN: '上传失败：一次只能上传一个文件', en: 'upload failed: one file at a time' },
  uploadWrongType: {
    zh_CN: '上传失败：文件内容不是 {kind} 格式',
    en: 'upload failed: the file is not an {kind} file (its content was checked, not its name)',
  },
  assessmentUnreadable: {
    zh_CN: '文件评估失败：无法读取该 xlsx 工作簿',
    en: 'file assessment failed: the xlsx workbook could not be read',
  },
  assessmentColumns: {
    zh_CN: '文件评估失败：缺少列 {columns}（请使用模板）',
    en: 'file assessment failed: missing columns {columns} (please use the template)',
  },
  assessmentUnknownColumns: {
    zh_CN: '文件评估失败：无法识别的列 {columns}（请使用模板）',
    en: 'file assessment failed: unknown columns {columns} (please use the template)',
  },
  assessmentEmpty: {
    zh_CN: '文件评估失败：文件中没有受试者',
    en: 'file assessment failed: the file holds no subjects',
  },
  assessmentTooManyRows: {
    zh_CN: '文件评估失败：一次最多导入 {max} 行',
    en: 'file assessment failed: at most {max} rows at a time',
  },
  assessmentExpired: {
    zh_CN: '评估结果已过期（有效期 90 秒），请重新上传文件',
    en: 'The assessment has expired (valid 90 s); please upload the file again',
  },
  assessmentNotFound: { zh_CN: '评估结果不存在', en: 'No such assessment' },
  assessmentImported: { zh_CN: '该文件已导入', en: 'This file has already been imported' },
  assessmentHasProblems: {
    zh_CN: '上传失败：文件有 {count} 个问题，请修改后重新上传',
    en: 'upload failed: the file has {count} problems; correct them and upload it again',
  },
  importChanged: {
    zh_CN: '上传失败：第 {row} 行：{problem}（未导入任何受试者）',
    en: 'upload failed: row {row}: {problem} (no subject was imported)',
  },
  batchNotAllowed: { zh_CN: '当前角色无权批量上传受试者', en: 'Your current role may not upload subjects' },
  cellRequired: { zh_CN: '必填', en: 'required' },
  cellTooLong: { zh_CN: '不能超过 {max} 个字符', en: 'at most {max} characters' },
  cellSex: { zh_CN: '应为 M（男）或 F（女）', en: 'must be M (male) or F (female)' },
  cellDate: { zh_CN: '应为日期 yyyy-MM-dd', en: 'must be a date yyyy-MM-dd' },
  cellFutureDate: { zh_CN: '不能晚于今天', en: 'may not be later than today' },
  cellVersion: { zh_CN: '未知的版本 {value}', en: 'unknown version {value}' },
  cellDuplicateInFile: {
    zh_CN: '受试者编号 {subjid} 在文件中重复（第 {other} 行）',
    en: 'subject number {subjid} appears twice in the file (row {other})',
  },
  abandonNotAllowed: { zh_CN: '当前角色无权废弃受试者', en: 'Your current role may not abandon subjects' },
  abandonBadPassword: {
    zh_CN: '密码错误，受试者未废弃',
    en: 'Incorrect password; the subject was not abandoned',
  },
  transferNotAllowed: { zh_CN: '当前角色无权转移受试者', en: 'Your current role may not transfer subjects' },
  transferSameSite: {
    zh_CN: '受试者已在该中心',
    en: 'The subject is already at this site',
  },
  transferUnknownSite: { zh_CN: '目标中心不存在', en: 'No such site in this study' },
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
  // the casebook's visits and pages (docs/casebook-visits.md)
  visitAddNotAllowed: {
    zh_CN: '当前角色无权新增访视或表单',
    en: 'Your current role may not add visits or forms',
  },
  visitDeleteNotAllowed: {
    zh_CN: '当前角色无权删除访视或表单',
    en: 'Your current role may not delete visits or forms',
  },
  markNotAllowed: {
    zh_CN: '当前角色无权标记页面或访视',
    en: 'Your current role may not mark pages or visits',
  },
  noSelectableVisit: {
    zh_CN: '无可选择的访视名称，不能添加访视',
    en: 'No selectable visit name, cannot add visit',
  },
  visitNotAddable: {
    zh_CN: '该访视不能在此添加',
    en: 'This visit cannot be added here',
  },
  subjectStateNoVisits: {
    zh_CN: '受试者当前状态不能新增访视或表单',
    en: "Visits and forms cannot be added in the subject's current state",
  },
  notRepeating: { zh_CN: '该访视不是周期访视', en: 'This visit does not repeat' },
  visitNotDeletable: {
    zh_CN: '只能删除用户新增的访视；周期访视只能删除最后一个周期',
    en: 'Only a visit a user added can be deleted; of a repeating visit, only its last cycle',
  },
  visitHasData: {
    zh_CN: '该访视已录入数据或已有标记，不能删除',
    en: 'This visit holds entered data or marks and cannot be deleted',
  },
  formNotAddable: { zh_CN: '该表单不能添加到此访视', en: 'This form cannot be added to this visit' },
  formNotRemovable: {
    zh_CN: '只能删除新增且未录入数据、未标记的表单',
    en: 'Only an added form without data or marks can be removed',
  },
  pageHasData: {
    zh_CN: '已录入数据，不能标记为未收集或未发生；如数据无效，请标记为无效',
    en: 'Data has been entered: it cannot be marked not collected or not occurred; mark it invalid if the data is not valid',
  },
  alreadyMarked: {
    zh_CN: '已被标记，请先恢复有效',
    en: 'It is marked already; make it valid again first',
  },
  visitAlreadyMarked: {
    zh_CN: '整个访视已被标记，请先恢复访视有效',
    en: 'The whole visit is marked; make the visit valid again first',
  },
  notMarked: { zh_CN: '未被标记，无需恢复', en: 'It is not marked: nothing to make valid again' },
  unknownReason: { zh_CN: '请选择原因', en: 'Please choose a reason' },
  reasonTextRequired: { zh_CN: '请填写原因说明', en: 'Please describe the reason' },
  pageMarkedNoEntry: {
    zh_CN: '该页面已标记为未收集、未发生或无效，不能录入或修改数据；请先恢复有效',
    en: 'This page is marked not collected, not occurred or invalid: data cannot be entered or changed; make it valid again first',
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
  // PI signature (issue 14; docs/signatures.md)
  signatureMeaning: {
    zh_CN: '本人作为研究者确认本病例的数据',
    en: 'I confirm the data of this casebook as investigator',
  },
  signNotAllowed: { zh_CN: '当前角色无权签名', en: 'Your current role may not sign' },
  signSelectItems: { zh_CN: '请选择要签名的条目', en: 'Select items to sign' },
  signNothingSaved: {
    zh_CN: '所选范围内没有已录入的页面可签名',
    en: 'Nothing entered in the selection to sign',
  },
  signAlreadySigned: { zh_CN: '所选页面均已签名', en: 'Every selected page is signed already' },
  signOpenQueries: {
    zh_CN: '{count} 个页面有未关闭的质疑（受试者 {subjid} {visitnum} {tid} 等），请关闭后再签名',
    en: '{count} page(s) have open queries (subject {subjid} {visitnum} {tid} …): close them before signing',
  },
  // medical coding (issue 14; docs/medical-coding.md)
  codingNotAllowed: { zh_CN: '当前角色无权进行医学编码', en: 'Your current role may not code terms' },
  codingImportNotAllowed: {
    zh_CN: '当前角色无权导入编码字典',
    en: 'Your current role may not import dictionaries',
  },
  codingTermNotFound: { zh_CN: '当前中心没有该编码术语', en: 'No such term at the site you chose' },
  codingNoTerm: { zh_CN: '没有可编码的原始术语', en: 'There is no verbatim term to code' },
  codingTermChanged: {
    zh_CN: '该术语已被修改，请刷新后再编码',
    en: 'The term was changed meanwhile; reload it and code again',
  },
  codingUnknownCode: { zh_CN: '字典中没有编码 {code}', en: 'The dictionary has no entry {code}' },
  codingReasonRequired: { zh_CN: '重新编码须填写原因', en: 'A recode needs a reason' },
  codingUnchanged: { zh_CN: '该术语已编码为 {code}', en: 'The term is already coded to {code}' },
  codingImportMissingColumn: {
    zh_CN: '文件缺少列 {column}（第一行须为列名）',
    en: 'The file has no column {column} (the first row names the columns)',
  },
  codingImportBlank: { zh_CN: '第 {line} 行：{column} 为空', en: 'Line {line}: {column} is empty' },
  codingImportBadCode: {
    zh_CN: '第 {line} 行：{column} 的值“{value}”不是有效编码',
    en: 'Line {line}: {column} "{value}" is not a valid code',
  },
  codingImportTooLong: {
    zh_CN: '第 {line} 行：{column} 超过 {max} 个字符',
    en: 'Line {line}: {column} is longer than {max} characters',
  },
  codingImportDuplicate: {
    zh_CN: '第 {line} 行：编码 {code} 已出现在第 {first} 行',
    en: 'Line {line}: code {code} is already on line {first}',
  },
  codingImportInconsistent: {
    zh_CN: '第 {line} 行：{column} {code} 的名称或上级与第 {first} 行不一致',
    en: 'Line {line}: {column} {code} has another name or parent than on line {first}',
  },
  codingImportEmpty: { zh_CN: '文件中没有字典条目', en: 'The file has no dictionary entries' },
  codingImportTooManyRows: {
    zh_CN: '文件条目超过 {max} 条',
    en: 'The file has more than {max} entries',
  },
  codingImportUnreadable: {
    zh_CN: '无法读取该 xlsx 文件',
    en: 'The file cannot be read as an xlsx workbook',
  },
  // query import (issue 13; docs/query-import.md)
  queryImportEmpty: {
    zh_CN: '文件评估失败：文件中没有质疑',
    en: 'file assessment failed: the file holds no queries',
  },
  queryImportBatchNotFound: { zh_CN: '质疑导入批次不存在', en: 'No such query import batch' },
  queryImportSubjectUnknown: {
    zh_CN: '受试者 {value} 不在当前中心',
    en: 'No subject {value} at the chosen site',
  },
  queryImportFormUnknown: { zh_CN: '表单 {value} 不存在', en: 'No form {value} in the study' },
  queryImportRecordUnknown: {
    zh_CN: '该访视下的表单尚未录入数据，无法质疑',
    en: 'This form of that visit has no saved data to query',
  },
  queryImportVariableUnknown: {
    zh_CN: '表单中没有变量 {value}',
    en: 'The form has no item {value}',
  },
  queryImportNumber: { zh_CN: '应为大于 0 的整数', en: 'must be a whole number above 0' },
  queryExportTooMany: {
    zh_CN: '符合条件的质疑有 {total} 条，超过导出上限 {max} 条，请缩小查询范围',
    en: '{total} queries match: more than the {max} an export may hold; please narrow the search',
  },
  queryImportSendError: {
    zh_CN: '发送失败（服务器错误，错误编号 {errorId}）',
    en: 'send failed (server error, error id {errorId})',
  },
  // Study import findings (issue 17, engine/interchange/redcap/issues.ts): ImportIssue.messageId → text.
  'interchange.issue.csvUnterminatedQuote': {
    zh_CN: '第 {line} 行起的带引号字段没有结束引号，其后内容均被读入该字段',
    en: 'The quoted field starting on line {line} is never closed: everything after it was read into that field',
  },
  'interchange.issue.redcapMissingColumns': {
    zh_CN: '不是 REDCap 数据字典：缺少列 {columns}',
    en: 'Not a REDCap data dictionary: the columns {columns} are missing',
  },
  'interchange.issue.redcapNoFields': {
    zh_CN: '数据字典只有表头，没有字段',
    en: 'The data dictionary has a header but no fields',
  },
  'interchange.issue.redcapBadVariable': {
    zh_CN:
      '变量名 “{variable}” 无效（须以字母或下划线开头，只含字母、数字、下划线，最多 64 个字符）：该字段未导入',
    en: 'The variable name “{variable}” is not valid (a letter or underscore first, then letters, digits and underscores, at most 64 characters): the field was not imported',
  },
  'interchange.issue.redcapDuplicateVariable': {
    zh_CN: '变量 {variable} 已在第 {first} 行定义：该行未导入',
    en: 'The variable {variable} is already defined on line {first}: this row was not imported',
  },
  'interchange.issue.redcapMissingForm': {
    zh_CN: '字段 {variable} 没有有效的表单名：未导入',
    en: 'The field {variable} has no valid form name: not imported',
  },
  'interchange.issue.redcapFormSplit': {
    zh_CN: '表单 {form} 的字段不连续（字段 {variable}）：已合并到该表单中',
    en: 'The fields of form {form} are not together (field {variable}): they were gathered into that form',
  },
  'interchange.issue.redcapUnknownFieldType': {
    zh_CN: '字段 {variable} 的类型 “{fieldType}” 不是 REDCap 的字段类型：未导入',
    en: 'The field type “{fieldType}” of {variable} is not a REDCap field type: not imported',
  },
  'interchange.issue.redcapUnsupportedFieldType': {
    zh_CN: '字段 {variable} 的类型 {fieldType} 不支持导入：未导入',
    en: 'The field type {fieldType} of {variable} cannot be imported: not imported',
  },
  'interchange.issue.redcapApproximated': {
    zh_CN: '字段 {variable}（{fieldType} {validation}）按 {as} 导入：{detail}',
    en: 'The field {variable} ({fieldType} {validation}) was imported as {as}: {detail}',
  },
  'interchange.issue.redcapUnknownValidation': {
    zh_CN: '字段 {variable} 的验证类型 “{validation}” 未知：按不加验证的文本导入',
    en: 'The validation type “{validation}” of {variable} is unknown: imported as text without validation',
  },
  'interchange.issue.redcapBadChoice': {
    zh_CN: '字段 {variable} 的选项 “{choice}” 没有 “代码, 标签” 的形式：已忽略',
    en: 'The choice “{choice}” of {variable} is not “code, label”: left out',
  },
  'interchange.issue.redcapDuplicateChoice': {
    zh_CN: '字段 {variable} 的选项代码 {code} 重复：只保留第一个',
    en: 'The choice code {code} of {variable} appears twice: the first is kept',
  },
  'interchange.issue.redcapNoChoices': {
    zh_CN: '选项字段 {variable}（{fieldType}）没有选项：按只读文本导入',
    en: 'The choice field {variable} ({fieldType}) has no choices: imported as a read-only text',
  },
  'interchange.issue.redcapBadRange': {
    zh_CN: '字段 {variable} 的最小/最大值 “{value}” 无法使用：已忽略',
    en: 'The min/max “{value}” of {variable} cannot be used: left out',
  },
  'interchange.issue.redcapRangeIgnored': {
    zh_CN: '字段 {variable}（{fieldType}）没有数值、日期或时间验证，其最小/最大值已忽略',
    en: 'The field {variable} ({fieldType}) has no number, date or time validation: its min/max were left out',
  },
  'interchange.issue.redcapEmptyLabel': {
    zh_CN: '字段 {variable} 没有标签：以变量名作标签',
    en: 'The field {variable} has no label: its variable name is used',
  },
  'interchange.issue.redcapUnknownActionTag': {
    zh_CN: '字段 {variable} 的操作标签 {tag} 未知：已忽略',
    en: 'The action tag {tag} of {variable} is unknown: ignored',
  },
  'interchange.issue.redcapActionTagNotMapped': {
    zh_CN: '字段 {variable} 的操作标签 {tag} 在本系统中没有对应功能：已忽略',
    en: 'The action tag {tag} of {variable} has no counterpart here: ignored',
  },
  'interchange.issue.redcapBadActionTag': {
    zh_CN: '字段 {variable} 的操作标签 {tag} 的值 “{value}” 无法使用：已忽略',
    en: 'The value “{value}” of the action tag {tag} of {variable} cannot be used: ignored',
  },
  'interchange.issue.redcapMatrixGroup': {
    zh_CN: '矩阵组 {group}（{items} 个字段）按各自独立的题目导入',
    en: 'The matrix group {group} ({items} fields) was imported as separate questions',
  },
  'interchange.issue.redcapEventPrefixDropped': {
    zh_CN:
      '字段 {variable} 的逻辑引用了事件 {event}：数据字典不含事件，所有表单都在同一访视中，按本访视的值计算',
    en: 'The logic of {variable} names the event {event}: a dictionary has no events and every form is in one visit, so the value in this visit is used',
  },
  'interchange.issue.redcapLogicSyntax': {
    zh_CN: '字段 {variable} 的逻辑 “{expression}” 在第 {position} 个字符（{token}）处无法读取：该规则未导入',
    en: 'The logic “{expression}” of {variable} cannot be read at character {position} ({token}): the rule was not imported',
  },
  'interchange.issue.redcapLogicUnsupportedFunction': {
    zh_CN:
      '字段 {variable} 的逻辑 “{expression}” 使用了不支持的函数 {token}（第 {position} 个字符）：该规则未导入',
    en: 'The logic “{expression}” of {variable} uses the function {token}, which is not supported (character {position}): the rule was not imported',
  },
  'interchange.issue.redcapLogicUnsupported': {
    zh_CN: '字段 {variable} 的逻辑 “{expression}” 含有不支持的 {token}（第 {position} 个字符）：该规则未导入',
    en: 'The logic “{expression}” of {variable} contains {token}, which is not supported (character {position}): the rule was not imported',
  },
  'interchange.issue.redcapLogicUnknownField': {
    zh_CN:
      '字段 {variable} 的逻辑 “{expression}” 引用了不存在的字段 {token}（第 {position} 个字符）：该规则未导入',
    en: 'The logic “{expression}” of {variable} reads {token}, which is not a field (character {position}): the rule was not imported',
  },
  'interchange.issue.redcapLogicOtherForm': {
    zh_CN:
      '字段 {variable} 的逻辑 “{expression}” 引用了表单 {form} 中的字段 {token}（第 {position} 个字符）：规则只能读取本表单的字段，该规则未导入',
    en: 'The logic “{expression}” of {variable} reads {token} of the form {form} (character {position}): rules read only their own form, so the rule was not imported',
  },
  'interchange.issue.redcapLogicNotCheckbox': {
    zh_CN:
      '字段 {variable} 的逻辑 “{expression}” 对非复选框字段使用了代码引用 {token}（第 {position} 个字符）：该规则未导入',
    en: 'The logic “{expression}” of {variable} uses a code reference {token} on a field that is not a checkbox (character {position}): the rule was not imported',
  },
  'interchange.issue.redcapCalcAsText': {
    zh_CN: '计算字段 {variable} 的公式未能转换：按只读文本导入',
    en: 'The calculation of {variable} could not be translated: imported as a read-only text',
  },
  'interchange.issue.redcapLeftOut': {
    zh_CN: '{variable} 在 {path} 处无法编译（{issue}）：已略去',
    en: '{variable} does not compile at {path} ({issue}): left out',
  },
  'interchange.issue.redcapInternal': {
    zh_CN: '导入程序出现意外错误：未导入任何内容',
    en: 'The importer failed unexpectedly: nothing was imported',
  },
  'interchange.issue.odm.notOdm': {
    zh_CN: '文件不是 CDISC ODM：根元素是 {root}，应为 ODM',
    en: 'The file is not CDISC ODM: its root element is {root}, not ODM',
  },
  'interchange.issue.odm.malformedXml': {
    zh_CN: 'XML 格式错误（第 {line} 行第 {column} 列）：{message}',
    en: 'Malformed XML (line {line}, column {column}): {message}',
  },
  'interchange.issue.odm.noStudy': {
    zh_CN: 'ODM 文件没有 Study 元素',
    en: 'The ODM file has no Study element',
  },
  'interchange.issue.odm.noMetaDataVersion': {
    zh_CN: 'ODM 文件没有 MetaDataVersion（研究定义），无法导入',
    en: 'The ODM file has no MetaDataVersion (study definition) to import',
  },
  'interchange.issue.odm.severalVersions': {
    zh_CN: '文件含多个 MetaDataVersion，只导入第一个（{version}）',
    en: 'The file has several MetaDataVersions; only the first ({version}) is imported',
  },
  'interchange.issue.odm.include': {
    zh_CN: '未跟随 Include 引用的前一版本 {version}：其中的定义未导入',
    en: 'The prior version {version} named by Include is not followed: its definitions are not imported',
  },
  'interchange.issue.odm.missingDef': {
    zh_CN: '引用的 {kind} {oid} 在文件中不存在，已跳过',
    en: 'The referenced {kind} {oid} is not in the file; skipped',
  },
  'interchange.issue.odm.missingAttribute': {
    zh_CN: '{element} 缺少必需的属性 {attribute}，已跳过',
    en: '{element} lacks its required attribute {attribute}; skipped',
  },
  'interchange.issue.odm.duplicateOid': {
    zh_CN: 'OID {oid} 重复，只使用第一个定义',
    en: 'The OID {oid} is defined twice; the first definition is used',
  },
  'interchange.issue.odm.unsupportedDataType': {
    zh_CN: '数据类型 {dataType} 没有对应的字段类型，按文本导入',
    en: 'The data type {dataType} has no matching field type; imported as text',
  },
  'interchange.issue.odm.booleanAsRadio': {
    zh_CN: '布尔型条目按“是/否”单选导入（1 = 是，0 = 否）',
    en: 'A boolean item is imported as a Yes/No radio (1 = Yes, 0 = No)',
  },
  'interchange.issue.odm.expressionNotTranslated': {
    zh_CN: '未能转换 {context} 表达式，相应规则未导入：{expression}',
    en: 'The {context} expression could not be translated; its rule is not imported: {expression}',
  },
  'interchange.issue.odm.rangeCheckAsRule': {
    zh_CN: '范围检查（{comparator}）按核查规则导入',
    en: 'The range check ({comparator}) is imported as a check rule',
  },
  'interchange.issue.odm.strictBound': {
    zh_CN: '严格界限 {comparator} {value} 按含边界的范围导入',
    en: 'The strict bound {comparator} {value} is imported as an inclusive range',
  },
  'interchange.issue.odm.badCheckValue': {
    zh_CN: '范围检查的值“{value}”不是数字，已忽略',
    en: 'The range check value "{value}" is not a number; ignored',
  },
  'interchange.issue.odm.mixedRepeating': {
    zh_CN: '表单 {form} 同时含重复与非重复条目组：重复的条目组导入为日志行表单 {logForm}（同一访视中）',
    en: 'The form {form} mixes repeating and non-repeating item groups: the repeating groups are imported as the log-line form {logForm} (in the same visits)',
  },
  'interchange.issue.odm.variableRenamed': {
    zh_CN: '名称“{name}”不是合法的变量名，导入为 {variable}',
    en: 'The name "{name}" is not a valid variable name; imported as {variable}',
  },
  'interchange.issue.odm.duplicateItem': {
    zh_CN: '条目 {variable} 在同一表单中出现两次，第二次未导入',
    en: 'The item {variable} appears twice in one form; the second is not imported',
  },
  'interchange.issue.odm.externalCodeList': {
    zh_CN: '外部字典 {dictionary} 的代码未包含在文件中，按空代码表导入',
    en: 'The external dictionary {dictionary} has no codes in the file; imported as an empty code list',
  },
  'interchange.issue.odm.eventNotInProtocol': {
    zh_CN: '访视 {visit} 不在 Protocol 中，追加在访视列表末尾',
    en: 'The visit {visit} is not in the Protocol; added at the end of the schedule',
  },
  'interchange.issue.odm.vendorFieldType': {
    zh_CN: '厂商字段类型 {fieldType} 按 {as} 导入',
    en: 'The vendor field type {fieldType} is imported as {as}',
  },
  'interchange.issue.odm.badAlias': {
    zh_CN: '无法读取别名 {context} 的值，已忽略',
    en: 'The value of the alias {context} cannot be read; ignored',
  },
  'interchange.issue.odm.emptyForm': {
    zh_CN: '表单 {form} 没有条目，未导入',
    en: 'The form {form} has no items; not imported',
  },
  'interchange.issue.odm.unusedDefinition': {
    zh_CN: '定义 {oid} 未被任何条目使用，未导入',
    en: 'The definition {oid} is used by no item; not imported',
  },
  // casebook batch operations (issue 12; docs/casebook-batch-operations.md)
  batchJobSuccess: {
    zh_CN: 'Batch job successfully：已标记 {pages} 个页面（{subjects} 位受试者，{visits} 次访视）',
    en: 'Batch job successfully: {pages} pages marked ({subjects} subjects, {visits} visits)',
  },
  batchNothingToDo: {
    zh_CN: '没有可处理的页面：请修改日期、版本或受试者',
    en: 'No page to change: change the date, the version or the subjects',
  },
  batchTooMany: {
    zh_CN: '将处理 {pages} 个页面，超过单次上限 {max} 个：请缩小日期或受试者范围',
    en: '{pages} pages would change, more than the {max} one batch may hold: narrow the date or the subjects',
  },
  batchChanged: {
    zh_CN: '预览之后病例已有变化，未做任何修改：请重新预览',
    en: 'The casebooks changed since the preview; nothing was changed: preview again',
  },
  batchUnknownVersion: { zh_CN: '没有此 eCRF 版本', en: 'No such eCRF version' },
  batchUnknownVisit: { zh_CN: '访视中没有此表单', en: 'The visit has no such form' },
  batchDateInvalid: { zh_CN: '日期无效', en: 'The date is not a valid day' },
  batchJobNotFound: { zh_CN: '批量任务不存在', en: 'No such batch run' },
  jobOwnerNotAllowed: {
    zh_CN: '发起人已不再拥有该角色或账号已停用，任务未执行，未做任何修改',
    en: 'The user who started it no longer holds the role or the account is disabled: it was not run; nothing was changed',
  },
  batchRunUnderWay: {
    zh_CN: '您的上一个批量任务尚未完成，请待其完成后再执行',
    en: 'A batch run of yours is still under way: run this one when it has finished',
  },
  batchJobFailed: {
    zh_CN: '批量任务失败，未做任何修改（服务器错误，错误编号 {errorId}）',
    en: 'The batch run failed; nothing was changed (server error, error id {errorId})',
  },
  batchJobInterrupted: {
    zh_CN: '批量任务因服务器重启而中断，未做任何修改：请重新预览并执行',
    en: 'The batch run was interrupted by a server restart; nothing was changed: preview and run again',
  },
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
