/**
 * Server messages of the study interchange (issue 17; docs/interchange.md), spread into SERVER_MESSAGES, and the
 * texts of the import report's issues (`interchange.issue.*`, the same ids as the client's catalogues): an issue id
 * the server does not know is answered as its id with its values, so that a new importer message is never lost.
 */
import type { Locale, LocalizedText } from '../../engine/api/localized';
import { FORM_MESSAGES } from './formMessages';

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
  interchangeExportTooLarge: {
    zh_CN: '导出失败：xlsx 文件将超过 4 GiB，请改用 CSV 或 ODM 导出',
    en: 'The export failed: the xlsx file would be larger than 4 GiB; export as CSV or ODM instead',
  },
  interchangeExportUnavailable: {
    zh_CN: '此导出格式暂不可用：{detail}',
    en: 'This export is not available yet: {detail}',
  },
} as const satisfies Record<string, LocalizedText>;

/**
 * The texts of every import report issue, the same as the client catalogues' `interchange.issue.*` (a test keeps them
 * equal): the report's `message`, what `npm run import` prints and what a client without the catalogue shows.
 */
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
  'interchange.issue.csvUnterminatedQuote': {
    zh_CN: '第 {line} 行起的带引号字段没有结束引号，其后内容均被读入该字段',
    en: 'The quoted field starting on line {line} is never closed: everything after it was read into that field',
  },
  'interchange.issue.odm.badAlias': {
    zh_CN: '无法读取别名 {context} 的值，已忽略',
    en: 'The value of the alias {context} cannot be read; ignored',
  },
  'interchange.issue.odm.badCheckValue': {
    zh_CN: '范围检查的值“{value}”不是数字，已忽略',
    en: 'The range check value "{value}" is not a number; ignored',
  },
  'interchange.issue.odm.booleanAsRadio': {
    zh_CN: '布尔型条目按“是/否”单选导入（1 = 是，0 = 否）',
    en: 'A boolean item is imported as a Yes/No radio (1 = Yes, 0 = No)',
  },
  'interchange.issue.odm.duplicateItem': {
    zh_CN: '条目 {variable} 在同一表单中出现两次，第二次未导入',
    en: 'The item {variable} appears twice in one form; the second is not imported',
  },
  'interchange.issue.odm.duplicateOid': {
    zh_CN: 'OID {oid} 重复，只使用第一个定义',
    en: 'The OID {oid} is defined twice; the first definition is used',
  },
  'interchange.issue.odm.emptyForm': {
    zh_CN: '表单 {form} 没有条目，未导入',
    en: 'The form {form} has no items; not imported',
  },
  'interchange.issue.odm.eventNotInProtocol': {
    zh_CN: '访视 {visit} 不在 Protocol 中，追加在访视列表末尾',
    en: 'The visit {visit} is not in the Protocol; added at the end of the schedule',
  },
  'interchange.issue.odm.expressionNotTranslated': {
    zh_CN: '未能转换 {context} 表达式，相应规则未导入：{expression}',
    en: 'The {context} expression could not be translated; its rule is not imported: {expression}',
  },
  'interchange.issue.odm.externalCodeList': {
    zh_CN: '外部字典 {dictionary} 的代码未包含在文件中，按空代码表导入',
    en: 'The external dictionary {dictionary} has no codes in the file; imported as an empty code list',
  },
  'interchange.issue.odm.include': {
    zh_CN: '未跟随 Include 引用的前一版本 {version}：其中的定义未导入',
    en: 'The prior version {version} named by Include is not followed: its definitions are not imported',
  },
  'interchange.issue.odm.malformedXml': {
    zh_CN: 'XML 格式错误（第 {line} 行第 {column} 列）：{message}',
    en: 'Malformed XML (line {line}, column {column}): {message}',
  },
  'interchange.issue.odm.missingAttribute': {
    zh_CN: '{element} 缺少必需的属性 {attribute}，已跳过',
    en: '{element} lacks its required attribute {attribute}; skipped',
  },
  'interchange.issue.odm.missingDef': {
    zh_CN: '引用的 {kind} {oid} 在文件中不存在，已跳过',
    en: 'The referenced {kind} {oid} is not in the file; skipped',
  },
  'interchange.issue.odm.mixedRepeating': {
    zh_CN: '表单 {form} 同时含重复与非重复条目组：重复的条目组导入为日志行表单 {logForm}（同一访视中）',
    en: 'The form {form} mixes repeating and non-repeating item groups: the repeating groups are imported as the log-line form {logForm} (in the same visits)',
  },
  'interchange.issue.odm.noMetaDataVersion': {
    zh_CN: 'ODM 文件没有 MetaDataVersion（研究定义），无法导入',
    en: 'The ODM file has no MetaDataVersion (study definition) to import',
  },
  'interchange.issue.odm.noStudy': {
    zh_CN: 'ODM 文件没有 Study 元素',
    en: 'The ODM file has no Study element',
  },
  'interchange.issue.odm.notOdm': {
    zh_CN: '文件不是 CDISC ODM：根元素是 {root}，应为 ODM',
    en: 'The file is not CDISC ODM: its root element is {root}, not ODM',
  },
  'interchange.issue.odm.rangeCheckAsRule': {
    zh_CN: '范围检查（{comparator}）按核查规则导入',
    en: 'The range check ({comparator}) is imported as a check rule',
  },
  'interchange.issue.odm.severalVersions': {
    zh_CN: '文件含多个 MetaDataVersion，只导入第一个（{version}）',
    en: 'The file has several MetaDataVersions; only the first ({version}) is imported',
  },
  'interchange.issue.odm.strictBound': {
    zh_CN: '严格界限 {comparator} {value} 按含边界的范围导入',
    en: 'The strict bound {comparator} {value} is imported as an inclusive range',
  },
  'interchange.issue.odm.unsupportedDataType': {
    zh_CN: '数据类型 {dataType} 没有对应的字段类型，按文本导入',
    en: 'The data type {dataType} has no matching field type; imported as text',
  },
  'interchange.issue.odm.unusedDefinition': {
    zh_CN: '定义 {oid} 未被任何条目使用，未导入',
    en: 'The definition {oid} is used by no item; not imported',
  },
  'interchange.issue.odm.variableRenamed': {
    zh_CN: '名称“{name}”不是合法的变量名，导入为 {variable}',
    en: 'The name "{name}" is not a valid variable name; imported as {variable}',
  },
  'interchange.issue.odm.vendorFieldType': {
    zh_CN: '厂商字段类型 {fieldType} 按 {as} 导入',
    en: 'The vendor field type {fieldType} is imported as {as}',
  },
  'interchange.issue.redcapActionTagNotMapped': {
    zh_CN: '字段 {variable} 的操作标签 {tag} 在本系统中没有对应功能：已忽略',
    en: 'The action tag {tag} of {variable} has no counterpart here: ignored',
  },
  'interchange.issue.redcapApproximated': {
    zh_CN: '字段 {variable}（{fieldType} {validation}）按 {as} 导入：{detail}',
    en: 'The field {variable} ({fieldType} {validation}) was imported as {as}: {detail}',
  },
  'interchange.issue.redcapBadActionTag': {
    zh_CN: '字段 {variable} 的操作标签 {tag} 的值 “{value}” 无法使用：已忽略',
    en: 'The value “{value}” of the action tag {tag} of {variable} cannot be used: ignored',
  },
  'interchange.issue.redcapBadChoice': {
    zh_CN: '字段 {variable} 的选项 “{choice}” 没有 “代码, 标签” 的形式：已忽略',
    en: 'The choice “{choice}” of {variable} is not “code, label”: left out',
  },
  'interchange.issue.redcapBadRange': {
    zh_CN: '字段 {variable} 的最小/最大值 “{value}” 无法使用：已忽略',
    en: 'The min/max “{value}” of {variable} cannot be used: left out',
  },
  'interchange.issue.redcapBadVariable': {
    zh_CN:
      '变量名 “{variable}” 无效（须以字母或下划线开头，只含字母、数字、下划线，最多 64 个字符）：该字段未导入',
    en: 'The variable name “{variable}” is not valid (a letter or underscore first, then letters, digits and underscores, at most 64 characters): the field was not imported',
  },
  'interchange.issue.redcapCalcAsText': {
    zh_CN: '计算字段 {variable} 的公式未能转换：按只读文本导入',
    en: 'The calculation of {variable} could not be translated: imported as a read-only text',
  },
  'interchange.issue.redcapDuplicateChoice': {
    zh_CN: '字段 {variable} 的选项代码 {code} 重复：只保留第一个',
    en: 'The choice code {code} of {variable} appears twice: the first is kept',
  },
  'interchange.issue.redcapDuplicateVariable': {
    zh_CN: '变量 {variable} 已在第 {first} 行定义：该行未导入',
    en: 'The variable {variable} is already defined on line {first}: this row was not imported',
  },
  'interchange.issue.redcapEmptyLabel': {
    zh_CN: '字段 {variable} 没有标签：以变量名作标签',
    en: 'The field {variable} has no label: its variable name is used',
  },
  'interchange.issue.redcapEventPrefixDropped': {
    zh_CN:
      '字段 {variable} 的逻辑引用了事件 {event}：数据字典不含事件，所有表单都在同一访视中，按本访视的值计算',
    en: 'The logic of {variable} names the event {event}: a dictionary has no events and every form is in one visit, so the value in this visit is used',
  },
  'interchange.issue.redcapFormSplit': {
    zh_CN: '表单 {form} 的字段不连续（字段 {variable}）：已合并到该表单中',
    en: 'The fields of form {form} are not together (field {variable}): they were gathered into that form',
  },
  'interchange.issue.redcapInternal': {
    zh_CN: '导入程序出现意外错误：未导入任何内容',
    en: 'The importer failed unexpectedly: nothing was imported',
  },
  'interchange.issue.redcapLeftOut': {
    zh_CN: '{variable} 在 {path} 处无法编译（{issue}）：已略去',
    en: '{variable} does not compile at {path} ({issue}): left out',
  },
  'interchange.issue.redcapLogicNotCheckbox': {
    zh_CN:
      '字段 {variable} 的逻辑 “{expression}” 对非复选框字段使用了代码引用 {token}（第 {position} 个字符）：该规则未导入',
    en: 'The logic “{expression}” of {variable} uses a code reference {token} on a field that is not a checkbox (character {position}): the rule was not imported',
  },
  'interchange.issue.redcapLogicOtherForm': {
    zh_CN:
      '字段 {variable} 的逻辑 “{expression}” 引用了表单 {form} 中的字段 {token}（第 {position} 个字符）：规则只能读取本表单的字段，该规则未导入',
    en: 'The logic “{expression}” of {variable} reads {token} of the form {form} (character {position}): rules read only their own form, so the rule was not imported',
  },
  'interchange.issue.redcapLogicSyntax': {
    zh_CN: '字段 {variable} 的逻辑 “{expression}” 在第 {position} 个字符（{token}）处无法读取：该规则未导入',
    en: 'The logic “{expression}” of {variable} cannot be read at character {position} ({token}): the rule was not imported',
  },
  'interchange.issue.redcapLogicUnknownField': {
    zh_CN:
      '字段 {variable} 的逻辑 “{expression}” 引用了不存在的字段 {token}（第 {position} 个字符）：该规则未导入',
    en: 'The logic “{expression}” of {variable} reads {token}, which is not a field (character {position}): the rule was not imported',
  },
  'interchange.issue.redcapLogicUnsupported': {
    zh_CN: '字段 {variable} 的逻辑 “{expression}” 含有不支持的 {token}（第 {position} 个字符）：该规则未导入',
    en: 'The logic “{expression}” of {variable} contains {token}, which is not supported (character {position}): the rule was not imported',
  },
  'interchange.issue.redcapLogicUnsupportedFunction': {
    zh_CN:
      '字段 {variable} 的逻辑 “{expression}” 使用了不支持的函数 {token}（第 {position} 个字符）：该规则未导入',
    en: 'The logic “{expression}” of {variable} uses the function {token}, which is not supported (character {position}): the rule was not imported',
  },
  'interchange.issue.redcapMatrixGroup': {
    zh_CN: '矩阵组 {group}（{items} 个字段）按各自独立的题目导入',
    en: 'The matrix group {group} ({items} fields) was imported as separate questions',
  },
  'interchange.issue.redcapMissingColumns': {
    zh_CN: '不是 REDCap 数据字典：缺少列 {columns}',
    en: 'Not a REDCap data dictionary: the columns {columns} are missing',
  },
  'interchange.issue.redcapMissingForm': {
    zh_CN: '字段 {variable} 没有有效的表单名：未导入',
    en: 'The field {variable} has no valid form name: not imported',
  },
  'interchange.issue.redcapNoChoices': {
    zh_CN: '选项字段 {variable}（{fieldType}）没有选项：按只读文本导入',
    en: 'The choice field {variable} ({fieldType}) has no choices: imported as a read-only text',
  },
  'interchange.issue.redcapNoFields': {
    zh_CN: '数据字典只有表头，没有字段',
    en: 'The data dictionary has a header but no fields',
  },
  'interchange.issue.redcapRangeIgnored': {
    zh_CN: '字段 {variable}（{fieldType}）没有数值、日期或时间验证，其最小/最大值已忽略',
    en: 'The field {variable} ({fieldType}) has no number, date or time validation: its min/max were left out',
  },
  'interchange.issue.redcapUnknownActionTag': {
    zh_CN: '字段 {variable} 的操作标签 {tag} 未知：已忽略',
    en: 'The action tag {tag} of {variable} is unknown: ignored',
  },
  'interchange.issue.redcapUnknownFieldType': {
    zh_CN: '字段 {variable} 的类型 “{fieldType}” 不是 REDCap 的字段类型：未导入',
    en: 'The field type “{fieldType}” of {variable} is not a REDCap field type: not imported',
  },
  'interchange.issue.redcapUnknownValidation': {
    zh_CN: '字段 {variable} 的验证类型 “{validation}” 未知：按不加验证的文本导入',
    en: 'The validation type “{validation}” of {variable} is unknown: imported as text without validation',
  },
  'interchange.issue.redcapUnsupportedFieldType': {
    zh_CN: '字段 {variable} 的类型 {fieldType} 不支持导入：未导入',
    en: 'The field type {fieldType} of {variable} cannot be imported: not imported',
  },
  'interchange.issue.unknown': {
    zh_CN: '导入提示 {messageId}：{values}',
    en: 'Import finding {messageId}: {values}',
  },
};

/** An issue's text in the locale (an import issue, or a form engine message: a schema problem); an unknown id as `id {name=value, …}`. */
export function issueText(
  messageId: string,
  locale: Locale,
  values: Record<string, string | number>,
): string {
  const text = ISSUE_MESSAGES[messageId] ?? FORM_MESSAGES[messageId];
  if (!text) {
    const args = Object.entries(values).map(([k, v]) => `${k}=${v}`);
    return args.length > 0 ? `${messageId} {${args.join(', ')}}` : messageId;
  }
  return text[locale].replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
