/**
 * Generated metadata and rows for the list benchmark: 30 search-field definitions of mixed types, 30 columns (pinned,
 * groups, renderers, a slot, formatted dates and code lists) and pages of rows for them.
 */
import type { GridRow } from '../../engine/grid/types';

const STATUSES = [
  { codevalue: '1', codedesp: { zh_CN: '筛选中', en: 'Screening' } },
  { codevalue: '2', codedesp: { zh_CN: '已入组', en: 'Enrolled' } },
  { codevalue: '3', codedesp: { zh_CN: '已完成', en: 'Completed' } },
  { codevalue: '4', codedesp: { zh_CN: '已退出', en: 'Withdrawn' } },
  { codevalue: '5', codedesp: { zh_CN: '筛选失败', en: 'Screen failure' } },
];
export const SEX_CODES = [
  { codevalue: 'M', codedesp: { zh_CN: '男', en: 'Male' } },
  { codevalue: 'F', codedesp: { zh_CN: '女', en: 'Female' } },
];
export const CODE_LISTS: Record<string, typeof STATUSES> = { SUBJSTATUS: STATUSES, SEX: SEX_CODES };

/** The kinds of search items, in turn: text, number, date, date range, inline select, code-list select, multi-select. */
const SEARCH_KINDS = [
  (i: number) => ({ fieldtype: 'string', prop: `text${i}` }),
  (i: number) => ({ fieldtype: 'num', prop: `num${i}` }),
  (i: number) => ({ fieldtype: 'date', prop: `day${i}` }),
  (i: number) => ({ fieldtype: 'date', prop: `range${i}`, endValue: { type: 'range' } }),
  (i: number) => ({ fieldtype: 'select', prop: `sel${i}`, selector: STATUSES }),
  (i: number) => ({ fieldtype: 'select', prop: `code${i}`, codelisttype: 'SEX' }),
  (i: number) => ({ fieldtype: 'mselect', prop: `multi${i}`, selector: STATUSES }),
];

export function searchDefinitions(count: number): unknown[] {
  return Array.from({ length: count }, (_, i) => {
    const kind = SEARCH_KINDS[i % SEARCH_KINDS.length]!(i);
    return {
      innerid: `bench-${i}`,
      fieldname: { zh_CN: `检索项 ${i + 1}`, en: `Item ${i + 1}` },
      show: true,
      ...kind,
    };
  });
}

/** 30 leaf columns: subject no. (pinned left, link), two groups, tag + code list, dates, date-times, an action slot. */
export function columnDefinitions(): unknown[] {
  const plain = (prop: string, label: string, extra: Record<string, unknown> = {}) => ({
    prop,
    label: { zh_CN: label, en: label },
    width: 110,
    ...extra,
  });
  return [
    plain('subjid', '受试者编号', { fixed: 'left', sortable: true, render: 'link', width: 130 }),
    {
      label: { zh_CN: '中心', en: 'Site' },
      children: [
        plain('sitecode', '中心编号', { sortable: true }),
        plain('sitename', '中心名称', { width: 160 }),
      ],
    },
    plain('status', '状态', { render: 'tag', filter: 'codelist:SUBJSTATUS', sortable: true }),
    plain('sex', '性别', { filter: 'codelist:SEX' }),
    plain('age', '年龄', { fieldtype: 'num', sortable: true }),
    plain('enrolldate', '入组日期', { fieldtype: 'date', sortable: true }),
    plain('updatedat', '更新时间', { fieldtype: 'datetime', timezone: 'Asia/Shanghai', width: 150 }),
    plain('updatedatNy', '更新时间（纽约）', {
      fieldtype: 'datetime',
      timezone: 'America/New_York',
      width: 150,
    }),
    {
      label: { zh_CN: '访视', en: 'Visits' },
      children: Array.from({ length: 10 }, (_, v) =>
        plain(`visit${v}`, `访视 ${v + 1}`, { fieldtype: 'date', width: 110 }),
      ),
    },
    ...Array.from({ length: 10 }, (_, f) => plain(`field${f}`, `字段 ${f + 1}`)),
    plain('comment', '备注', { width: 200 }),
    plain('open', '操作', { slotName: 'open', fixed: 'right', width: 90 }),
  ];
}

function isoDay(n: number): string {
  return new Date(Date.UTC(2024, 0, 1 + (n % 700))).toISOString().slice(0, 10);
}

/** Row `n` (0-based over the whole list). */
function row(n: number): GridRow {
  const r: Record<string, unknown> = {
    subjectid: `subj-${n}`,
    subjid: `BJ01-${String(n + 1).padStart(6, '0')}`,
    sitecode: n % 2 === 0 ? 'BJ01' : 'SH01',
    sitename: n % 2 === 0 ? '北京协和医院' : '上海瑞金医院',
    status: String((n % 5) + 1),
    sex: n % 3 === 0 ? 'F' : 'M',
    age: 18 + (n % 60),
    enrolldate: isoDay(n),
    updatedat: new Date(Date.UTC(2026, 0, 1, n % 24, n % 60)).toISOString(),
    updatedatNy: new Date(Date.UTC(2026, 0, 1, n % 24, n % 60)).toISOString(),
    comment: n % 4 === 0 ? '随访时患者诉轻微头痛，已记录为不良事件并通知研究者。' : '',
  };
  for (let v = 0; v < 10; v++) r[`visit${v}`] = isoDay(n + v * 14);
  for (let f = 0; f < 10; f++) r[`field${f}`] = `V${f}-${n % 97}`;
  return r;
}

export const TOTAL_ROWS = 100_000;

export function rowsPage(page: number, size: number) {
  const first = (page - 1) * size;
  const count = Math.max(0, Math.min(size, TOTAL_ROWS - first));
  return { list: Array.from({ length: count }, (_, i) => row(first + i)), total: TOTAL_ROWS, page, size };
}
