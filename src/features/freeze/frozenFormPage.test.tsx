/**
 * A frozen page on the form page, composed as the app composes it (features/recordWorkflows.tsx) and fed by the
 * server's fixtures (fixtures/freeze): the server withholds `enter` and `change` and grants `frozen`, so the form is
 * read only — no Save —, the toolbar says why (the freeze's reason, who applied and approved), and each item shows the
 * frozen icon whose dialog says the same. The form page itself has no freeze code.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DataOf } from '../../../engine/api/endpoint';
import type { dataInfo, dataList } from '../../../engine/api/data';
import { freezeFixtures } from '../../../fixtures';
import { RecordRegistriesProvider } from '../../../renderers/actions/recordRegistries';
import { createFakeApiClient } from '../../../renderers/testing/fakeApiClient';
import { formPath } from '../../routing/formPaths';
import { PATHS } from '../../routing/paths';
import { renderApp, seedSession, text } from '../../testing/renderApp';
import { roleLoginInfo } from '../../testing/sampleData';
import { FormPage } from '../data/FormPage';
import { createAppRecordRegistries } from '../recordWorkflows';

const frozen = freezeFixtures.dataInfoFrozen.data!;
const SUBJECT = 'subj-bj01-0002';
const KEYS = { visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' };

function pageData(capabilities: readonly string[]): DataOf<typeof dataList> {
  return {
    tid: 'VS',
    formid: 'VS',
    name: { zh_CN: '生命体征', en: 'Vital signs' },
    version: 1,
    reftype: '3',
    isGoDrug: false,
    table: false,
    columns: null,
    list: null,
    total: 1,
    pageNum: 1,
    innerPage: 1,
    page: 1,
    capabilities: [...capabilities],
  };
}

function setup(capabilities: readonly string[]) {
  seedSession(window.sessionStorage, roleLoginInfo);
  const info = { ...frozen, capabilities: [...capabilities] } as DataOf<typeof dataInfo>;
  const client = createFakeApiClient({
    dataList: pageData(capabilities),
    dataInfo: info,
    codeList: [],
    freezeStatus: freezeFixtures.freezeStatusFrozen.data!,
  });
  const routes = [
    {
      path: `${PATHS.subjects}/:subjectid/visits/:visitnum/:cycnum/:svnum/forms/:tid`,
      element: (
        <RecordRegistriesProvider value={createAppRecordRegistries()}>
          <FormPage base={PATHS.subjects} />
        </RecordRegistriesProvider>
      ),
    },
  ];
  renderApp(formPath(PATHS.subjects, SUBJECT, KEYS), { client, routes });
  return client;
}

describe('a frozen page on the form page', () => {
  it('is read only, says why in the toolbar, and each item shows the frozen icon with the reason', async () => {
    expect(frozen.capabilities).toContain('frozen');
    expect(frozen.capabilities).not.toContain('change');
    setup(frozen.capabilities);
    const notice = await screen.findByTestId('form-frozen');
    expect(await within(notice).findByTestId('freeze-reason')).toHaveTextContent('中期分析前冻结');
    expect(notice).toHaveTextContent('cra.zhao');
    expect(notice).toHaveTextContent('dm.chen');
    expect(screen.queryByTestId('form-save')).toBeNull();
    expect(screen.getByTestId('form-read-only')).toBeInTheDocument();
    const sysbp = screen.getByTestId('ecrf-row-SYSBP');
    await userEvent.click(within(sysbp).getByRole('button', { name: text('freeze.state.frozen') }));
    const dialog = await screen.findByTestId('frozen-item-dialog');
    expect(within(dialog).getByTestId('freeze-reason')).toHaveTextContent('中期分析前冻结');
  });

  it('an item-level freeze: that item’s input is read only (its state says so), the rest of the page editable', async () => {
    const items = Object.fromEntries(
      Object.entries(frozen.items).map(([variable, state]) => {
        const { frozen: _f, readOnly: _r, ...rest } = state as Record<string, unknown>;
        return [variable, variable === 'SYSBP' ? state : rest];
      }),
    );
    seedSession(window.sessionStorage, roleLoginInfo);
    const editable = ['view', 'enter', 'change', 'audit'];
    const client = createFakeApiClient({
      dataList: pageData(editable),
      dataInfo: { ...frozen, items, capabilities: editable } as DataOf<typeof dataInfo>,
      codeList: [],
    });
    const routes = [
      {
        path: `${PATHS.subjects}/:subjectid/visits/:visitnum/:cycnum/:svnum/forms/:tid`,
        element: (
          <RecordRegistriesProvider value={createAppRecordRegistries()}>
            <FormPage base={PATHS.subjects} />
          </RecordRegistriesProvider>
        ),
      },
    ];
    renderApp(formPath(PATHS.subjects, SUBJECT, KEYS), { client, routes });
    const sysbp = await screen.findByTestId('ecrf-row-SYSBP');
    expect(within(sysbp).getAllByRole('textbox')[0]).toHaveAttribute('readonly');
    expect(within(screen.getByTestId('ecrf-row-DIABP')).getAllByRole('textbox')[0]).not.toHaveAttribute(
      'readonly',
    );
    expect(screen.getByTestId('form-save')).toBeInTheDocument();
    expect(screen.queryByTestId('form-frozen')).toBeNull();
  });

  it('offers Freeze / unfreeze to a role granted freeze.apply, with unfreeze preselected on the frozen page', async () => {
    setup([...frozen.capabilities, 'freeze.apply']);
    await userEvent.click(await screen.findByTestId('form-freeze'));
    const dialog = await screen.findByTestId('freeze-apply-dialog');
    expect(within(dialog).getByTestId('freeze-action-unfreeze').querySelector('input')).toBeChecked();
  });
});
