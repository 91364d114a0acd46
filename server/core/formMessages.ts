/**
 * The texts of the form engine's messages (`form.*`: values refused on entry, schema problems of a definition), the
 * same as the client catalogues' (a test keeps them equal): the server's words for them where no client translates
 * — an import report's `message`, `npm run import`.
 */
import type { LocalizedText } from '../../engine/api/localized';

export const FORM_MESSAGES: Readonly<Record<string, LocalizedText>> = {
  'form.aboveMax': {
    zh_CN: '不能大于 {max}',
    en: 'Must be at most {max}',
  },
  'form.aboveSoftMax': {
    zh_CN: '高于预期上限 {max}，请确认',
    en: 'Above the expected maximum {max}: please confirm',
  },
  'form.badCoding': {
    zh_CN: 'coding 须以 coding.dictionary 指明字典（{known} 之一），而不是 {value}',
    en: 'coding must name its dictionary in coding.dictionary (one of {known}), not {value}',
  },
  'form.badDefault': {
    zh_CN: '默认值 {value} 不符合字段类型',
    en: 'Default {value} is not valid for the field type',
  },
  'form.badLabelFormat': {
    zh_CN: 'labelFormat 须为 {known} 之一，而不是 {value}',
    en: 'labelFormat must be one of {known}, not {value}',
  },
  'form.badLength': {
    zh_CN: '长度 {length} 无效（1 到 20000 的整数）',
    en: 'Length {length} is not valid (a whole number from 1 to 20000)',
  },
  'form.badOption': {
    zh_CN: '第 {option} 个选项缺少值或标签',
    en: 'Option {option} has no value or no label',
  },
  'form.badPattern': {
    zh_CN: '正则表达式“{regex}”无效：{error}',
    en: 'Regular expression "{regex}" is not valid: {error}',
  },
  'form.badPrecision': {
    zh_CN: '小数位数 {precision} 无效（0 到 10 的整数）',
    en: 'Precision {precision} is not valid (a whole number from 0 to 10)',
  },
  'form.badRange': {
    zh_CN: '“{field}”应为含数字 min 和/或 max 的对象',
    en: '"{field}" must be an object with a number min and/or max',
  },
  'form.badValue': {
    zh_CN: '值的形式不正确',
    en: 'The value has the wrong form',
  },
  'form.badVariable': {
    zh_CN: '变量名“{variable}”无效（字母或下划线开头，只含字母、数字、下划线，最多 64 个字符）',
    en: 'Variable name "{variable}" is not valid (a letter or underscore, then letters, digits or underscores; at most 64 characters)',
  },
  'form.belowMin': {
    zh_CN: '不能小于 {min}',
    en: 'Must be at least {min}',
  },
  'form.belowSoftMin': {
    zh_CN: '低于预期下限 {min}，请确认',
    en: 'Below the expected minimum {min}: please confirm',
  },
  'form.checkFailed': {
    zh_CN: '未通过核查 {rule}',
    en: 'Edit check {rule} failed',
  },
  'form.checkWithoutMessage': {
    zh_CN: '核查规则 {rule} 需要提示信息（message）',
    en: 'Check {rule} needs a message',
  },
  'form.checkWithoutSeverity': {
    zh_CN: '核查规则 {rule} 需要 severity（hard 或 soft）',
    en: 'Check {rule} needs a severity (hard or soft)',
  },
  'form.codeNotAnOption': {
    zh_CN: '规则 {rule} 将 {variable} 与“{code}”比较，但它不是该项的选项',
    en: 'Rule {rule} compares {variable} with "{code}", which is not one of its options',
  },
  'form.codingNotAllowed': {
    zh_CN: '只有文本项（text、textarea）可以编码（coding），{fieldtype} 不可以',
    en: 'Only text and textarea items can be coded (coding), not {fieldtype}',
  },
  'form.cycle': {
    zh_CN: '计算或显示规则循环依赖：{cycle}',
    en: 'Formulas or show rules depend on each other in a cycle: {cycle}',
  },
  'form.defaultNotAllowed': {
    zh_CN: '字段类型 {fieldtype} 不能设置默认值',
    en: 'Field type {fieldtype} cannot have a default',
  },
  'form.duplicateOption': {
    zh_CN: '“{value}”选了两次',
    en: '"{value}" is chosen twice',
  },
  'form.duplicateOptionValue': {
    zh_CN: '选项值“{value}”重复',
    en: 'Option value "{value}" appears twice',
  },
  'form.duplicateRule': {
    zh_CN: '规则 id“{id}”与 {first} 重复',
    en: 'Rule id "{id}" is also used by {first}',
  },
  'form.duplicateSectionId': {
    zh_CN: '分节 id“{id}”与 {first} 重复',
    en: 'Section id "{id}" is also used by {first}',
  },
  'form.duplicateVariable': {
    zh_CN: '变量“{variable}”与 {first} 重复',
    en: 'Variable "{variable}" is also used by {first}',
  },
  'form.fieldNotBoolean': {
    zh_CN: '“{field}”应为 true 或 false',
    en: '"{field}" must be true or false',
  },
  'form.fieldNotLabel': {
    zh_CN: "“{field}”应为文本或 '{'zh_CN, en'}'",
    en: "\"{field}\" must be a text or '{'zh_CN, en'}'",
  },
  'form.fieldNotList': {
    zh_CN: '“{field}”应为列表',
    en: '"{field}" must be a list',
  },
  'form.fieldNotPositiveInteger': {
    zh_CN: '“{field}”应为正整数',
    en: '"{field}" must be a positive whole number',
  },
  'form.fieldNotText': {
    zh_CN: '“{field}”应为非空文本',
    en: '"{field}" must be a non-empty text',
  },
  'form.inputAssistNotAllowed': {
    zh_CN: '只有文本项（text、textarea）可以使用输入辅助（inputAssist），{fieldtype} 不可以',
    en: 'Input assistance (inputAssist) is only for text and textarea items, not {fieldtype}',
  },
  'form.listCompared': {
    zh_CN: '规则 {rule} 用 = 或 < 比较多选项 {variable}（永远不成立）：请使用 in() 或 contains()',
    en: 'Rule {rule} compares {variable}, which holds several values, with = or < (never true): use in() or contains()',
  },
  'form.missingField': {
    zh_CN: '缺少“{field}”',
    en: '"{field}" is missing',
  },
  'form.noFormula': {
    zh_CN: '计算字段缺少公式（formula）',
    en: 'A calculated item needs a formula',
  },
  'form.noOptions': {
    zh_CN: '{fieldtype} 需要选项（selector 或 codelisttype）',
    en: '{fieldtype} needs options (selector or codelisttype)',
  },
  'form.noSections': {
    zh_CN: '表单没有分节（sections）',
    en: 'The form has no sections',
  },
  'form.notAnObject': {
    zh_CN: '应为对象',
    en: 'Must be an object',
  },
  'form.notAnOption': {
    zh_CN: '“{value}”不是可选项',
    en: '"{value}" is not one of the options',
  },
  'form.notDate': {
    zh_CN: '请输入有效日期（yyyy-MM-dd）',
    en: 'Enter a valid date (yyyy-MM-dd)',
  },
  'form.notDateTime': {
    zh_CN: '请输入有效日期时间（yyyy-MM-dd HH:mm）',
    en: 'Enter a valid date and time (yyyy-MM-dd HH:mm)',
  },
  'form.notDecimal': {
    zh_CN: '请输入数字',
    en: 'Enter a number',
  },
  'form.notInteger': {
    zh_CN: '请输入整数',
    en: 'Enter a whole number',
  },
  'form.notTime': {
    zh_CN: '请输入有效时间（HH:mm）',
    en: 'Enter a valid time (HH:mm)',
  },
  'form.outOfRange': {
    zh_CN: '应在 {min} 到 {max} 之间',
    en: 'Must be between {min} and {max}',
  },
  'form.outOfSoftRange': {
    zh_CN: '超出预期范围 {min} 到 {max}，请确认',
    en: 'Outside the expected range {min} to {max}: please confirm',
  },
  'form.partialNotAllowed': {
    zh_CN: '此处不允许部分日期（UK）',
    en: 'A partial date (UK) is not allowed here',
  },
  'form.pattern': {
    zh_CN: '格式不正确',
    en: 'The format is not valid',
  },
  'form.rangeMinAboveMax': {
    zh_CN: '“{field}”的 min {min} 大于 max {max}',
    en: '"{field}" has min {min} above max {max}',
  },
  'form.rangeNotNumeric': {
    zh_CN: '字段类型 {fieldtype} 不能设置范围',
    en: 'Field type {fieldtype} cannot have a range',
  },
  'form.required': {
    zh_CN: '必填',
    en: 'Required',
  },
  'form.showContradiction': {
    zh_CN:
      '显示规则 {rule} 要求 {variable} 取不可能的值（其范围、选项或其他条件已排除）：{target} 永远不会显示',
    en: 'Show rule {rule} asks for values of {variable} that cannot occur (its range, options or the other conditions exclude them): {target} would never be shown',
  },
  'form.showNeverTrue': {
    zh_CN: '显示规则 {rule} 永远不成立：{target} 永远不会显示',
    en: 'Show rule {rule} can never be true: {target} would never be shown',
  },
  'form.softOutsideHard': {
    zh_CN: '软范围 {soft} 超出硬范围 {hard}',
    en: 'Soft range {soft} lies outside hard range {hard}',
  },
  'form.targetBroken': {
    zh_CN: '规则 {rule} 未用于预览：其目标 {target} 有问题',
    en: 'Rule {rule} is left out of the preview: its target {target} has problems',
  },
  'form.tooLong': {
    zh_CN: '最多 {max} 个字符（当前 {length} 个）',
    en: 'At most {max} characters (now {length})',
  },
  'form.tooManyDecimals': {
    zh_CN: '最多 {precision} 位小数',
    en: 'At most {precision} decimal places',
  },
  'form.unknownCodeList': {
    zh_CN: '研究中不存在代码表“{codelisttype}”（已有：{known}）',
    en: 'Code list "{codelisttype}" does not exist in the study (known: {known})',
  },
  'form.unknownFieldType': {
    zh_CN: '未知的字段类型“{fieldtype}”（可用：{known}）',
    en: 'Unknown field type "{fieldtype}" (known: {known})',
  },
  'form.unknownNotAllowed': {
    zh_CN: '不允许填写 UK（未知）',
    en: 'UK (unknown) is not allowed here',
  },
  'form.unknownReference': {
    zh_CN: '{rule} 引用了不存在的变量 [{variable}]',
    en: '{rule} refers to [{variable}], which is not in the form',
  },
  'form.unknownRuleKind': {
    zh_CN: '未知的规则类型“{kind}”（可用：{known}）',
    en: 'Unknown rule kind "{kind}" (known: {known})',
  },
  'form.unknownTarget': {
    zh_CN: '规则 {rule} 的目标“{target}”不在表单中',
    en: 'Rule {rule} targets "{target}", which is not in the form',
  },
};
