/** Compiling the raw `rules` list: ids, kinds, expressions, targets, severities and messages — every issue. */
import { parseRule, ruleReads } from '../../rules/index';
import { FORM_MSG } from '../messages';
import type { CompiledRule, RuleKind, Severity } from '../types';
import {
  fieldPath,
  isRecord,
  optionalLabel,
  requiredText,
  shown,
  type IssueCollector,
  type RawSite,
} from './issues';
import { refSpan } from './ruleAnalysis';
import { ruleErrorIssue } from './ruleIssues';

export const RULE_KINDS: readonly RuleKind[] = ['show', 'requiredIf', 'check'];
const SEVERITIES: readonly Severity[] = ['hard', 'soft'];

function isRuleKind(v: unknown): v is RuleKind {
  return typeof v === 'string' && (RULE_KINDS as readonly string[]).includes(v);
}

function isSeverity(v: unknown): v is Severity {
  return typeof v === 'string' && (SEVERITIES as readonly string[]).includes(v);
}

export interface RulesSite {
  raw: unknown;
  issues: IssueCollector;
  /** Every variable named by an item of the form (valid or not: no cascade of unknown references). */
  variables: ReadonlySet<string>;
}

function compileRule(raw: unknown, path: string, site: RulesSite, firstById: Map<string, string>) {
  const { issues, variables } = site;
  if (!isRecord(raw)) {
    issues.add(path, null, FORM_MSG.notAnObject);
    return null;
  }
  const subject = typeof raw.id === 'string' ? raw.id : null;
  const s: RawSite = { raw, path, subject, issues };
  const id = requiredText(s, 'id');
  if (id !== null) {
    const first = firstById.get(id);
    if (first !== undefined) issues.add(fieldPath(path, 'id'), id, FORM_MSG.duplicateRule, { id, first });
    else firstById.set(id, path);
  }
  const ruleName = id ?? path;

  let kind: RuleKind | null = null;
  if (raw.kind === undefined || raw.kind === null) {
    issues.add(fieldPath(path, 'kind'), subject, FORM_MSG.missingField, { field: 'kind' });
  } else if (!isRuleKind(raw.kind)) {
    issues.add(fieldPath(path, 'kind'), subject, FORM_MSG.unknownRuleKind, {
      kind: shown(raw.kind),
      known: RULE_KINDS.join(', '),
    });
  } else {
    kind = raw.kind;
  }

  const source = requiredText(s, 'expr');
  let parsed: CompiledRule['expr'] | null = null;
  let reads: string[] = [];
  if (source !== null) {
    const result = parseRule(source);
    if (result.ok) {
      parsed = result.expr;
      reads = ruleReads(result.expr);
      for (const variable of reads) {
        if (!variables.has(variable)) {
          issues.add(
            fieldPath(path, 'expr'),
            subject,
            FORM_MSG.unknownReference,
            { rule: ruleName, variable },
            refSpan(result.expr, variable),
          );
        }
      }
    } else {
      issues.issues.push(ruleErrorIssue(fieldPath(path, 'expr'), subject, result.error));
    }
  }

  const target = requiredText(s, 'target');
  if (target !== null && !variables.has(target)) {
    issues.add(fieldPath(path, 'target'), subject, FORM_MSG.unknownTarget, { rule: ruleName, target });
  }

  let severity: Severity = 'hard';
  let message: CompiledRule['message'] = null;
  if (kind === 'check') {
    if (isSeverity(raw.severity)) severity = raw.severity;
    else issues.add(fieldPath(path, 'severity'), subject, FORM_MSG.checkWithoutSeverity, { rule: ruleName });
    if (raw.message === undefined || raw.message === null) {
      issues.add(fieldPath(path, 'message'), subject, FORM_MSG.checkWithoutMessage, { rule: ruleName });
    } else {
      message = optionalLabel(s, 'message');
    }
  }

  if (id === null || kind === null || parsed === null || source === null || target === null) return null;
  const rule: CompiledRule = { id, kind, expr: parsed, source, target, severity, message, reads };
  return rule;
}

/** A usable rule and where it is in the schema (`rules[2]`). */
export interface RuleAt {
  rule: CompiledRule;
  path: string;
}

/** The compiled rules (only the usable ones; the issues say what is wrong with the others), with their paths. */
export function compileRules(site: RulesSite): RuleAt[] {
  const { raw, issues } = site;
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    issues.add('rules', null, FORM_MSG.fieldNotList, { field: 'rules' });
    return [];
  }
  const rules: RuleAt[] = [];
  const firstById = new Map<string, string>();
  for (const [i, entry] of raw.entries()) {
    const path = `rules[${i}]`;
    const rule = compileRule(entry, path, site, firstById);
    if (rule !== null) rules.push({ rule, path });
  }
  return rules;
}
