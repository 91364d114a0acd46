/**
 * The study's subject-number pattern (configurable per study, e.g. `{sitecode}-{seq:4}` → BJ01-0031): literal text
 * and the placeholders `{sitecode}`, `{studycode}` and `{seq:N}` (the site's running number, at least N digits,
 * zero-padded; exactly one). The same code proposes the next number on the server and checks a typed one in the
 * browser (and again on the server).
 */

export interface SubjectIdContext {
  sitecode: string;
  studycode: string;
}

export interface CompiledSubjectIdPattern {
  readonly pattern: string;
  /** Whether `subjid` follows the pattern at this site. */
  matches(subjid: string): boolean;
  /** The running number of a matching subject number; null when it does not match. */
  seqOf(subjid: string): number | null;
  /** The subject number with running number `seq`. */
  format(seq: number): string;
}

export const DEFAULT_SUBJECT_ID_PATTERN = '{sitecode}-{seq:4}';

const TOKEN = /\{(sitecode|studycode|seq:(\d{1,2}))\}/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Why a pattern is unusable (null when it is fine). */
export function subjectIdPatternProblem(pattern: string): string | null {
  const seqs = [...pattern.matchAll(TOKEN)].filter((m) => m[1]!.startsWith('seq'));
  if (seqs.length !== 1) return `subject id pattern "${pattern}" must hold exactly one {seq:N}`;
  const rest = pattern.replace(TOKEN, '');
  if (/[{}]/.test(rest)) return `subject id pattern "${pattern}" has an unknown placeholder`;
  const digits = Number(seqs[0]![2]);
  if (digits < 1 || digits > 12) return `subject id pattern "${pattern}": {seq:N} needs N from 1 to 12`;
  return null;
}

/** The pattern for one site; throws on an unusable pattern (see subjectIdPatternProblem). */
export function compileSubjectIdPattern(pattern: string, ctx: SubjectIdContext): CompiledSubjectIdPattern {
  const problem = subjectIdPatternProblem(pattern);
  if (problem) throw new Error(problem);
  let digits = 1;
  let source = '^';
  let last = 0;
  const parts: (string | null)[] = [];
  for (const m of pattern.matchAll(TOKEN)) {
    const literal = pattern.slice(last, m.index);
    last = m.index + m[0].length;
    parts.push(literal);
    source += escapeRegExp(literal);
    if (m[1] === 'sitecode' || m[1] === 'studycode') {
      const value = m[1] === 'sitecode' ? ctx.sitecode : ctx.studycode;
      parts.push(value);
      source += escapeRegExp(value);
    } else {
      digits = Number(m[2]);
      parts.push(null);
      source += `(\\d{${digits},})`;
    }
  }
  const tail = pattern.slice(last);
  parts.push(tail);
  source += `${escapeRegExp(tail)}$`;
  const re = new RegExp(source);
  return {
    pattern,
    matches: (subjid) => re.test(subjid),
    seqOf: (subjid) => {
      const m = re.exec(subjid);
      return m ? Number(m[1]) : null;
    },
    format: (seq) => parts.map((p) => (p === null ? String(seq).padStart(digits, '0') : p)).join(''),
  };
}

/** The next subject number: one past the highest running number among `existing` that match the pattern. */
export function nextSubjectId(compiled: CompiledSubjectIdPattern, existing: Iterable<string>): string {
  let max = 0;
  for (const id of existing) {
    const seq = compiled.seqOf(id);
    if (seq !== null && seq > max) max = seq;
  }
  return compiled.format(max + 1);
}
