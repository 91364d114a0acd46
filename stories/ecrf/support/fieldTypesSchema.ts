/** A form with one item of every built-in field type (stories of the widgets and their states). */
import type { FormProblems, FormValues, RawFormSchema } from '../../../engine/form/types';

const yn = [
  { codevalue: 'Y', codedesp: { zh_CN: '是', en: 'Yes' } },
  { codevalue: 'N', codedesp: { zh_CN: '否', en: 'No' } },
];
const colours = [
  { codevalue: 'R', codedesp: { zh_CN: '红', en: 'Red' } },
  { codevalue: 'G', codedesp: { zh_CN: '绿', en: 'Green' } },
  { codevalue: 'B', codedesp: { zh_CN: '蓝', en: 'Blue' } },
];

export const fieldTypesSchema: RawFormSchema = {
  formid: 'FT',
  tid: 'FT',
  name: { zh_CN: '字段类型', en: 'Field types' },
  version: 1,
  sections: [
    {
      id: 'TEXTS',
      title: { zh_CN: '文本与数字', en: 'Text and numbers' },
      items: [
        {
          variable: 'TXT',
          label: { zh_CN: '文本', en: 'Text' },
          fieldtype: 'text',
          length: 20,
          required: true,
          help: { zh_CN: '最多 20 个字符', en: 'At most 20 characters' },
        },
        { variable: 'NOTE', label: { zh_CN: '多行文本', en: 'Textarea' }, fieldtype: 'textarea' },
        {
          variable: 'INT',
          label: { zh_CN: '整数', en: 'Integer' },
          fieldtype: 'integer',
          unit: 'mmHg',
          hardRange: { min: 0, max: 300 },
          softRange: { min: 90, max: 140 },
        },
        {
          variable: 'DEC',
          label: { zh_CN: '小数', en: 'Decimal' },
          fieldtype: 'decimal',
          precision: 1,
          unit: '°C',
        },
      ],
    },
    {
      id: 'DATES',
      title: { zh_CN: '日期与时间', en: 'Dates and times' },
      items: [
        { variable: 'DAT', label: { zh_CN: '日期', en: 'Date' }, fieldtype: 'date' },
        {
          variable: 'PDAT',
          label: { zh_CN: '部分日期', en: 'Partial date' },
          fieldtype: 'date',
          partial: true,
        },
        { variable: 'TIM', label: { zh_CN: '时间', en: 'Time' }, fieldtype: 'time' },
        { variable: 'DTM', label: { zh_CN: '日期时间', en: 'Date and time' }, fieldtype: 'datetime' },
      ],
    },
    {
      id: 'CHOICES',
      title: { zh_CN: '选项', en: 'Choices' },
      items: [
        { variable: 'RAD', label: { zh_CN: '单选', en: 'Radio' }, fieldtype: 'radio', selector: yn },
        {
          variable: 'CHK',
          label: { zh_CN: '多选', en: 'Checkbox' },
          fieldtype: 'checkbox',
          selector: colours,
        },
        { variable: 'SEL', label: { zh_CN: '下拉', en: 'Select' }, fieldtype: 'select', selector: colours },
        {
          variable: 'MSEL',
          label: { zh_CN: '下拉多选', en: 'Multi-select' },
          fieldtype: 'mselect',
          selector: colours,
        },
        {
          variable: 'SEX',
          label: { zh_CN: '性别（代码表）', en: 'Sex (code list)' },
          fieldtype: 'radio',
          codelisttype: 'SEX',
        },
      ],
    },
    {
      id: 'OTHER',
      title: { zh_CN: '其他', en: 'Other' },
      items: [
        {
          variable: 'CALC',
          label: { zh_CN: '计算值', en: 'Calculated' },
          fieldtype: 'calculated',
          formula: '[INT] * 2',
        },
        { variable: 'FILE', label: { zh_CN: '文件', en: 'File' }, fieldtype: 'file' },
        { variable: 'IMG', label: { zh_CN: '图片', en: 'Image' }, fieldtype: 'image' },
        {
          variable: 'INFO',
          label: { zh_CN: '说明', en: 'Information' },
          fieldtype: 'static',
          text: { zh_CN: '请按原始记录填写。', en: 'Enter as in the source documents.' },
        },
      ],
    },
  ],
};

export const filledValues: FormValues = {
  TXT: 'Headache',
  NOTE: 'Started after breakfast.\nResolved by noon.',
  INT: '120',
  DEC: '36.6',
  DAT: '2026-11-01',
  PDAT: '2026-03-UK',
  TIM: '08:30',
  DTM: '2026-11-01 08:30',
  RAD: 'Y',
  CHK: ['R', 'B'],
  SEL: 'G',
  MSEL: ['G', 'B'],
  SEX: 'F',
};

export const badValues: FormValues = {
  TXT: null,
  INT: '12a',
  DEC: '36.66',
  DAT: '2026-02-30',
  PDAT: '2026-UK-03',
  TIM: '25:00',
  DTM: '2026-11-01',
};

export const warningValues: FormValues = { ...filledValues, INT: '150' };

export const serverWarnings: FormProblems = {
  INT: [{ level: 'warning', messageId: 'form.outOfSoftRange', values: { min: 90, max: 140 } }],
};
