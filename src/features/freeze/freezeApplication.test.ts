import { describe, expect, it } from 'vitest';
import { applicationProblem, applicationTargets, type FreezeApplication } from './freezeApplication';

const keys = { subjectid: 'subj-1', visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' };
const base: FreezeApplication = {
  action: 'freeze',
  level: 'page',
  variables: [],
  approvalRole: 'DM',
  reason: 'interim analysis',
};

describe('a freeze application', () => {
  it('asks to select items when the item level has none selected, or the record is not saved', () => {
    expect(applicationProblem({ ...base, level: 'item' }, '12')).toBe('freeze.selectItems');
    expect(applicationProblem({ ...base, level: 'item', variables: ['SYSBP'] }, null)).toBe(
      'freeze.selectItems',
    );
    expect(applicationProblem({ ...base, level: 'item', variables: ['SYSBP'] }, '12')).toBeNull();
  });

  it('needs a reason (not only spaces) and an approval role', () => {
    expect(applicationProblem({ ...base, reason: '  ' }, '12')).toBe('freeze.reasonRequired');
    expect(applicationProblem({ ...base, approvalRole: '' }, '12')).toBe('freeze.approvalRoleRequired');
    expect(applicationProblem(base, null)).toBeNull();
  });

  it('targets the page, the subject or each selected item of the record', () => {
    expect(applicationTargets(base, keys, null)).toEqual([{ level: 'page', ...keys }]);
    expect(applicationTargets({ ...base, level: 'subject' }, keys, '12')).toEqual([
      { level: 'subject', subjectid: 'subj-1' },
    ]);
    expect(applicationTargets({ ...base, level: 'item', variables: ['SYSBP', 'DIABP'] }, keys, '12')).toEqual(
      [
        { level: 'item', subjectid: 'subj-1', recordid: '12', variable: 'SYSBP' },
        { level: 'item', subjectid: 'subj-1', recordid: '12', variable: 'DIABP' },
      ],
    );
  });
});
