/** A declaration whose filtering SQL reaches a joined table is refused at registration, before any request 500s. */
import { describe, expect, it } from 'vitest';
import { queryListDeclaration } from '../../queries/list';
import { subjectListDeclaration } from '../../subjects/list';
import { declarationProblems, type ListDeclaration } from './declaration';

describe('declarationProblems', () => {
  it('accepts the declared lists', () => {
    expect(declarationProblems(queryListDeclaration as unknown as ListDeclaration<object>)).toEqual([]);
    expect(declarationProblems(subjectListDeclaration as unknown as ListDeclaration<object>)).toEqual([]);
  });

  it('names a search column or sort key on a joined table; a sub-select of its own is fine', () => {
    const wrong = {
      ...queryListDeclaration,
      searchColumns: { ...queryListDeclaration.searchColumns, subjid: { sql: 's.subjid', type: 'text' } },
      sortKeys: {
        ...queryListDeclaration.sortKeys,
        site: { expr: '(select x.sitecode from sites x where x.id = q.site_id)', type: 'text' },
      },
    } as unknown as ListDeclaration<object>;
    expect(declarationProblems(wrong)).toEqual(['queries: search subjid uses s., not on queries q']);
  });
});
