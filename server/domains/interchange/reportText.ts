/**
 * An import report as plain text, for `npm run import` (the terminal's view of what the study import page shows):
 * the summary, what was read, the outcomes (faithful / approximated / not supported, engine/interchange/outcomes.ts,
 * as the page shows them), every issue by severity with where it is in the file, and each form with whether it
 * compiles. The messages are the server's translations in the chosen language.
 */
import type { ImportReport } from '../../../engine/api/interchange';
import { pickLocalized, type Locale } from '../../../engine/api/localized';

const HEADINGS: Record<Locale, Record<'file' | 'read' | 'issues' | 'forms' | 'none' | 'broken', string>> = {
  zh_CN: {
    file: '文件',
    read: '读取',
    issues: '问题',
    forms: '表单',
    none: '无问题',
    broken: '无法编译',
  },
  en: {
    file: 'file',
    read: 'read',
    issues: 'issues',
    forms: 'forms',
    none: 'no issues',
    broken: 'does not compile',
  },
};

type Outcomes = ImportReport['outcomes'];

/** The outcomes line, as the import page says it (interchange.import.outcomes in src/i18n/app/*.json). */
const OUTCOMES: Record<Locale, (o: Outcomes) => string> = {
  zh_CN: (o) =>
    `结果: ${o.items} 个条目中 ${o.faithfulItems} 个如实导入，近似 ${o.approximated} 处，不支持 ${o.unsupported} 处，提示 ${o.notes} 条`,
  en: (o) =>
    `outcomes: ${o.faithfulItems} of ${o.items} items faithful, ${o.approximated} approximated, ${o.unsupported} not supported, ${o.notes} notes`,
};

const SEVERITY: Record<Locale, Record<'error' | 'warning' | 'info', string>> = {
  zh_CN: { error: '错误', warning: '警告', info: '提示' },
  en: { error: 'error', warning: 'warning', info: 'info' },
};

export function reportText(report: ImportReport, locale: Locale): string[] {
  const h = HEADINGS[locale];
  const s = report.summary;
  const lines = [
    `${h.file}: ${s.filename} (${s.format}), #${s.importid}, ${s.state}` +
      ` — ${SEVERITY[locale].error} ${s.errors}, ${SEVERITY[locale].warning} ${s.warnings}`,
    `${h.read}: ${report.counts.map((c) => `${c.kind} ${c.count}`).join(', ')}`,
    OUTCOMES[locale](report.outcomes),
  ];
  lines.push(`${h.issues}:`);
  if (report.issues.length === 0) lines.push(`  ${h.none}`);
  for (const severity of ['error', 'warning', 'info'] as const) {
    for (const issue of report.issues.filter((i) => i.severity === severity))
      lines.push(`  [${SEVERITY[locale][severity]}] ${issue.at ? `${issue.at}: ` : ''}${issue.message}`);
  }
  lines.push(`${h.forms}:`);
  for (const form of report.forms) {
    lines.push(
      `  ${form.tid} ${pickLocalized(form.name, locale)} (${form.items})${form.compiles ? '' : ` — ${h.broken}`}`,
    );
  }
  return lines;
}
