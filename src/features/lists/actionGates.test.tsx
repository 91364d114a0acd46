/**
 * List actions gated by a role permission (ListAction.permission, checked by the list screen against menuList.do's
 * `permissions`): each role of the demo study sees only the actions its seeded permissions let it use, and row
 * checkboxes only when it is offered an action on a selection. The server refuses the others anyway (tested there).
 */
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listFixtures, queryFixtures } from '../../../fixtures';
import casebookSeed from '../../../fixtures/seed/casebook.json';
import casebookVisitsSeed from '../../../fixtures/seed/casebookVisits.json';
import codingSeed from '../../../fixtures/seed/coding.json';
import freezeSeed from '../../../fixtures/seed/freeze.json';
import queriesSeed from '../../../fixtures/seed/queries.json';
import signaturesSeed from '../../../fixtures/seed/signatures.json';
import { listDefinitionsUrl, selectColumns, selectSearchFields } from '../../../engine/api/lists';
import { queryModelList, QUERY_LIST_KEY } from '../../../engine/api/queries';
import { SUBJECT_LIST_KEY, subjectList } from '../../../engine/api/subjects';
import { ListScreen } from '../../../renderers/list/ListScreen';
import type { ListScreenConfig } from '../../../renderers/list/types';
import { RolePermissionsContext } from '../../../renderers/rolePermissionsContext';
import { createFakeApiClient } from '../../../renderers/testing/fakeApiClient';
import { TestProviders } from '../../testing/renderApp';
import { codingListScreen } from '../medCoding/codingListScreen';
import { freezeListScreen } from '../freeze/freezeListScreen';
import { queryListScreen } from '../queries/queryListScreen';
import { subjectListScreen } from '../subjects/subjectListScreen';

type Seeded = { permissions: Record<string, readonly string[]> };
const ROLES = ['PI', 'CRC', 'CRA', 'DM', 'SPONSOR', 'CODER'] as const;

/** A role's permissions as the demo seed grants them (what menuList.do answers for it). */
function seededPermissions(role: string): string[] {
  const seeds: Seeded[] = [
    casebookSeed,
    casebookVisitsSeed,
    codingSeed,
    freezeSeed,
    queriesSeed,
    signaturesSeed,
  ];
  return seeds.flatMap((s) => [...(s.permissions[role] ?? [])]);
}

function client() {
  return createFakeApiClient(
    {
      // the server-side gates say yes: only the permission decides here
      sitecodeList: [
        { siteid: 'site-bj01', sitecode: 'BJ01', sitename: 'Beijing', pattern: '{sitecode}-{seq:4}' },
      ],
      showSignature: { canSign: true, needsUsername: false, meaning: 'm', pages: [] },
    } as never,
    {
      paths: {
        [listDefinitionsUrl(selectSearchFields, QUERY_LIST_KEY)]: queryFixtures.querySearchFields.data,
        [listDefinitionsUrl(selectColumns, QUERY_LIST_KEY)]: queryFixtures.queryColumns.data,
        [queryModelList.path]: queryFixtures.queryModelList.data,
        [listDefinitionsUrl(selectSearchFields, SUBJECT_LIST_KEY)]: listFixtures.subjectSearchFields.data,
        [listDefinitionsUrl(selectColumns, SUBJECT_LIST_KEY)]: listFixtures.subjectColumns.data,
        [subjectList.path]: listFixtures.subjectList.data,
      },
    },
  );
}

async function toolbarOf(config: ListScreenConfig, permissions: readonly string[] | null) {
  render(
    <TestProviders client={client()}>
      <RolePermissionsContext.Provider value={permissions}>
        <ListScreen config={config} suppressRowVirtualisation />
      </RolePermissionsContext.Provider>
    </TestProviders>,
  );
  // the grid's rows are drawn (the selection column, when any, with them; no toolbar when no action is offered)
  await waitFor(() => expect(document.querySelectorAll('.ag-row').length).toBeGreaterThan(0));
  return {
    has: (id: string) => screen.queryByTestId(`list-action-${id}`) !== null,
    checkboxes: () => document.querySelectorAll('.ag-selection-checkbox, .ag-header-select-all').length > 0,
  };
}

describe('list actions gated by role permission', () => {
  it.each(ROLES)(
    'the query overview as %s: close and forward only with query.close / query.forward',
    async (role) => {
      const held = seededPermissions(role);
      const ui = await toolbarOf(
        queryListScreen(() => undefined),
        held,
      );
      expect(ui.has('bulkClose')).toBe(held.includes('query.close'));
      expect(ui.has('bulkForward')).toBe(held.includes('query.forward'));
      expect(ui.has('export')).toBe(true);
      expect(ui.checkboxes()).toBe(held.includes('query.close') || held.includes('query.forward'));
    },
  );

  it.each(['PI', 'CRC', 'CRA', 'DM', 'SPONSOR'] as const)(
    'the subject list as %s: batch upload and operations only with their permissions, checkboxes only with them',
    async (role) => {
      const held = seededPermissions(role);
      const ui = await toolbarOf(subjectListScreen({ openSubject: () => undefined }), held);
      await waitFor(() => expect(ui.has('addSubject')).toBe(held.includes('subject.add')));
      expect(ui.has('batchUpload')).toBe(held.includes('subject.batchUpload'));
      expect(ui.has('signSubjects')).toBe(held.includes('signature.sign'));
      expect(ui.has('batchOperations')).toBe(held.includes('page.mark'));
      // checkboxes for the roles offered an action on selected subjects (sign, batch operations)
      expect(ui.checkboxes()).toBe(held.includes('signature.sign') || held.includes('page.mark'));
    },
  );

  it('a role that may add subjects but not upload them gets Add subject without Batch upload', async () => {
    const ui = await toolbarOf(subjectListScreen({ openSubject: () => undefined }), ['subject.add']);
    await waitFor(() => expect(ui.has('addSubject')).toBe(true));
    expect(ui.has('batchUpload')).toBe(false);
  });

  it('offers no gated action while the permissions are unknown', async () => {
    const ui = await toolbarOf(
      queryListScreen(() => undefined),
      null,
    );
    expect(ui.has('bulkClose')).toBe(false);
    expect(ui.has('export')).toBe(true);
    expect(ui.checkboxes()).toBe(false);
  });

  it('declares the permission of the coding import and the freeze decisions', () => {
    const coding = codingListScreen(() => undefined).actions ?? [];
    expect(coding.find((a) => a.id === 'importDictionary')?.permission).toBe('coding.import');
    expect(seededPermissions('CODER')).toContain('coding.import');
    const freeze = freezeListScreen(() => undefined).actions ?? [];
    // approve and reject for approvers; withdraw (one's own pending requests) for applicants
    expect(freeze.map((a) => a.permission)).toEqual(['freeze.approve', 'freeze.approve', 'freeze.apply']);
    expect(seededPermissions('CRA')).not.toContain('freeze.approve');
    expect(seededPermissions('CRA')).toContain('freeze.apply');
    expect(seededPermissions('DM')).toContain('freeze.approve');
  });
});
