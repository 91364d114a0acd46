/**
 * Server messages of the study interchange (issue 17; docs/interchange.md), spread into SERVER_MESSAGES, and the
 * texts of the import report's issues (`interchange.issue.*`, the same ids as the client's catalogues): an issue id
 * the server does not know is answered as its id with its values, so that a new importer message is never lost.
 */
import type { Locale, LocalizedText } from '../../engine/api/localized';

export const INTERCHANGE_MESSAGES = {
  uploadNotText: {
    zh_CN: '上传失败：文件不是 UTF-8 文本文件（应为 ODM XML 或 REDCap 数据字典 CSV）',
    en: 'upload failed: the file is not a UTF-8 text file (an ODM XML or a REDCap data dictionary CSV)',
  },
  interchangeNotAllowed: {
    zh_CN: '当前角色无权进行此操作（研究定义的导入、发布或导出）',
    en: 'Your role may not do this (import, publish or export study definitions)',
  },
  interchangeUnknownFormat: {
    zh_CN: '无法识别的文件格式：应为根元素为 ODM 的 XML 或 REDCap 数据字典 CSV',
    en: 'Unknown file format: expected XML whose root element is ODM, or a REDCap data dictionary CSV',
  },
  interchangeFileUnreadable: {
    zh_CN: '文件无法导入：{detail}',
    en: 'The file could not be imported: {detail}',
  },
  interchangeImportNotFound: { zh_CN: '导入记录不存在', en: 'No such import' },
  interchangeNotDraft: {
    zh_CN: '该导入已{state}，不能再发布或放弃',
    en: 'This import is already {state}: it can no longer be published or discarded',
  },
  interchangeHasErrors: {
    zh_CN: '该导入有 {count} 个错误，不能发布；请修正文件后重新上传',
    en: 'This import has {count} errors and cannot be published; correct the file and upload it again',
  },
  interchangeCodeListConflict: {
    zh_CN: '代码表 {name} 已存在且选项不同，不能发布；请在文件中为其改名',
    en: 'Code list {name} already exists with different options: rename it in the file to publish',
  },
  interchangeVisitConflict: {
    zh_CN: '访视 {visitnum} 已存在且类型不同（{kind}），不能发布',
    en: 'Visit {visitnum} already exists with another kind ({kind}): cannot publish',
  },
  interchangeFormUnknown: { zh_CN: '研究中没有表单 {tid}', en: 'No form {tid} in the study' },
  interchangeJobNotFound: { zh_CN: '任务不存在', en: 'No such job' },
  interchangeJobNotDone: { zh_CN: '任务尚未完成', en: 'The job has not finished yet' },
  interchangeDownloadExpired: {
    zh_CN: '下载已过期（完成后 90 秒内有效），请重新导出',
    en: 'The download has expired (valid for 90 s after the export finished); please export again',
  },
  interchangeJobOtherScope: {
    zh_CN: '此导出属于另一角色或中心（{site}）的范围：请切换到该角色和中心后再下载',
    en: 'This export belongs to another role or site ({site}): choose that role and site to download it',
  },
  interchangeTooManyJobs: {
    zh_CN: '您已有 {max} 个导出在排队或运行中（每位用户最多 {max} 个）：请等其中一个完成后再导出',
    en: 'You already have {max} exports queued or running (at most {max} per user): wait for one to finish',
  },
  uploadBadFilename: {
    zh_CN: '上传失败：文件名含有控制字符或路径分隔符（/ \\），或超过 255 个字符；请重命名文件后再上传',
    en: 'upload failed: the file name contains a control character or a path separator (/ \\), or is longer than 255 characters; rename the file and upload it again',
  },
  interchangeJobFailed: {
    zh_CN: '导出失败（服务器错误，错误编号 {errorId}）',
    en: 'The export failed (server error, error id {errorId})',
  },
  interchangeJobInterrupted: {
    zh_CN: '导出因服务器重启而中断，请重新导出',
    en: 'The export was interrupted by a server restart; please export again',
  },
  interchangeExportUnavailable: {
    zh_CN: '此导出格式暂不可用：{detail}',
    en: 'This export is not available yet: {detail}',
  },
} as const satisfies Record<string, LocalizedText>;

/** Import report issues the server knows (importers add theirs here and in both client catalogues). */
export const ISSUE_MESSAGES: Record<string, LocalizedText> = {
  'interchange.issue.notImplemented': {
    zh_CN: '此格式的导入尚未实现',
    en: 'Import of this format is not implemented yet',
  },
  'interchange.issue.unknownFormat': {
    zh_CN: '无法识别的文件格式：应为根元素为 ODM 的 XML 或 REDCap 数据字典 CSV',
    en: 'Unknown file format: expected XML whose root is ODM, or a REDCap data dictionary CSV',
  },
  'interchange.issue.formDoesNotCompile': {
    zh_CN: '表单 {tid} 无法编译：{problem}（{path}）',
    en: 'Form {tid} does not compile: {problem} ({path})',
  },
  'interchange.issue.duplicateForm': {
    zh_CN: '表单 {tid} 重复',
    en: 'Form {tid} appears twice',
  },
  'interchange.issue.visitUnknownForm': {
    zh_CN: '访视 {visitnum} 引用了不存在的表单 {tid}',
    en: 'Visit {visitnum} names form {tid}, which is not in the file',
  },
  'interchange.issue.codeListConflict': {
    zh_CN: '代码表 {name} 已存在且选项不同；发布前请改名',
    en: 'Code list {name} already exists with different options; rename it before publishing',
  },
  'interchange.issue.badVisitDay': {
    zh_CN: '访视 {visitnum} 的计划天数 {day} 不是整数天',
    en: 'The planned day {day} of visit {visitnum} is not a whole number of days',
  },
  'interchange.issue.reservedCodeList': {
    zh_CN: '代码表名 {name} 为系统保留（研究中心列表），请改名',
    en: 'The code list name {name} is reserved (the list of sites); rename it',
  },
  'interchange.issue.unstorableText': {
    zh_CN: '文件含有无法保存的字符（空字符或不成对的代理字符）：未导入',
    en: 'The file holds characters that cannot be stored (NUL or an unpaired surrogate): not imported',
  },
  'interchange.issue.importerFailed': {
    zh_CN: '文件无法读取（错误编号 {errorId}）',
    en: 'The file could not be read (error id {errorId})',
  },
};

/** An issue's text in the locale; an unknown id as `id {name=value, …}`. */
export function issueText(
  messageId: string,
  locale: Locale,
  values: Record<string, string | number>,
): string {
  const text = ISSUE_MESSAGES[messageId];
  if (!text) {
    const args = Object.entries(values).map(([k, v]) => `${k}=${v}`);
    return args.length > 0 ? `${messageId} {${args.join(', ')}}` : messageId;
  }
  return text[locale].replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
