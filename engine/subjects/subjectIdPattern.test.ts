import { describe, expect, it } from 'vitest';
import {
  compileSubjectIdPattern,
  DEFAULT_SUBJECT_ID_PATTERN,
  nextSubjectId,
  subjectIdPatternProblem,
} from './subjectIdPattern';

const bj01 = compileSubjectIdPattern(DEFAULT_SUBJECT_ID_PATTERN, { sitecode: 'BJ01', studycode: 'DEMO-001' });

describe('subject-number patterns', () => {
  it('matches the site code and at least N digits; nothing else', () => {
    expect(bj01.matches('BJ01-0031')).toBe(true);
    expect(bj01.matches('BJ01-12345')).toBe(true);
    for (const bad of [
      'BJ01-31',
      'SH01-0031',
      'BJ01-0031 ',
      'bj01-0031',
      'BJ01_0031',
      'XBJ01-0031',
      'BJ01-00a1',
    ]) {
      expect(bj01.matches(bad), bad).toBe(false);
    }
  });

  it('proposes one past the highest running number of the matching numbers', () => {
    expect(nextSubjectId(bj01, [])).toBe('BJ01-0001');
    expect(nextSubjectId(bj01, ['BJ01-0001', 'BJ01-0030', 'BJ01-0007', 'BJ01-X', 'SH01-0099'])).toBe(
      'BJ01-0031',
    );
    expect(nextSubjectId(bj01, ['BJ01-9999'])).toBe('BJ01-10000');
  });

  it('takes the study code and literal text, with regex characters taken literally', () => {
    const p = compileSubjectIdPattern('{studycode}.{sitecode}/{seq:3}', { sitecode: 'S1', studycode: 'D+1' });
    expect(p.format(7)).toBe('D+1.S1/007');
    expect(p.matches('D+1.S1/007')).toBe(true);
    expect(p.matches('DD1xS1/007')).toBe(false);
  });

  it('names what is wrong with an unusable pattern', () => {
    expect(subjectIdPatternProblem(DEFAULT_SUBJECT_ID_PATTERN)).toBeNull();
    expect(subjectIdPatternProblem('{sitecode}')).toMatch(/exactly one \{seq:N\}/);
    expect(subjectIdPatternProblem('{seq:2}-{seq:3}')).toMatch(/exactly one/);
    expect(subjectIdPatternProblem('{site}-{seq:4}')).toMatch(/unknown placeholder/);
    expect(() => compileSubjectIdPattern('{sitecode}', { sitecode: 'A', studycode: 'B' })).toThrow(/seq/);
  });
});
