/**
 * Notes and SDV on the form page, composed as the app composes them (features/recordWorkflows.tsx), fed by the
 * server's fixtures: the SDV icon of a reset item says why and verifies it (the icon follows); the page's Verify
 * (SDV) refuses an empty selection in place without a request; the note icon opens the item's notes, an empty note
 * is refused in place ('批注不为空') without a request, an added one turns the icon to "review".
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataOf } from '../../engine/api/endpoint';
import type { dataInfo, dataList } from '../../engine/api/data';
import { reviewFixtures } from '../../fixtures';
import { vsSchema } from '../../fixtures/forms';
import { preloadRegistryDialogs, RecordRegistriesProvider } from '../../renderers/actions/recordRegistries';
import { createFakeApiClient } from '../../renderers/testing/fakeApiClient';
import { formPath } from '../routing/formPaths';
import { PATHS } from '../routing/paths';
import { renderApp, seedSession, text } from '../testing/renderApp';
import { roleLoginInfo } from '../testing/sampleData';
import { FormPage } from './data/FormPage';
import { createAppRecordRegistries } from './recordWorkflows';

const reset = reviewFixtures.dataInfoReset.data;
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

function setup(capabilities: readonly string[] = reset.capabilities) {
  seedSession(window.sessionStorage, roleLoginInfo);
  const info = { ...reset, schema: vsSchema, capabilities: [...capabilities] } as DataOf<typeof dataInfo>;
  const client = createFakeApiClient({
    dataList: pageData(capabilities),
    dataInfo: info,
    codeList: [],
    saveVarStatusList: reviewFixtures.saveVarStatusList.data!,
    piNoteList: reviewFixtures.piNoteList.data!,
    savePINote: reviewFixtures.savePINote.data!,
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

const row = (variable: string) => screen.getByTestId(`ecrf-row-${variable}`);
const iconButton = (variable: string, labelId: string) =>
  within(row(variable)).getByRole('button', { name: text(labelId) });

// the workflows' dialogs are lazily loaded chunks: fetched once here, so that a test's wait covers the dialog, not
// the first transform of its code
beforeAll(() => preloadRegistryDialogs(createAppRecordRegistries()), 60_000);

describe('SDV on the form page', () => {
  it('shows why an item’s SDV was reset, verifies it as the page was read, and the icon follows', async () => {
    const client = setup();
    await screen.findByTestId('ecrf-row-SYSBP');
    expect(iconButton('DIABP', 'sdv.state.verified')).toBeInTheDocument();
    await userEvent.click(iconButton('SYSBP', 'sdv.state.reset'));
    const dialog = await screen.findByTestId('sdv-item-dialog');
    expect(within(dialog).getByTestId('sdv-reset-why')).toHaveTextContent('118');
    expect(within(dialog).getByTestId('sdv-reset-why')).toHaveTextContent('121');
    expect(within(dialog).getByTestId('sdv-reset-why')).toHaveTextContent('crc.li');
    await userEvent.click(screen.getByTestId('sdv-verify-item'));
    expect(client.paramsOf('saveVarStatusList')).toEqual([
      {
        list: [{ recordid: reset.record!.recordid, variable: 'SYSBP', rowversion: reset.record!.rowversion }],
      },
    ]);
    expect(await within(dialog).findByTestId('sdv-state')).toHaveTextContent(text('sdv.state.verified'));
    // Verify is gone: focus is on Close (not lost to the page), so Escape closes the dialog at once
    expect(screen.getByTestId('sdv-item-close')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('sdv-item-dialog')).toBeNull());
    expect(iconButton('SYSBP', 'sdv.state.verified')).toBeInTheDocument();
  });

  it('offers no Verify to a role without `sdv` (the state is still shown)', async () => {
    setup(['view', 'enter', 'change', 'audit', 'note.add']);
    await screen.findByTestId('ecrf-row-SYSBP');
    expect(screen.queryByTestId('form-sdv')).toBeNull();
    await userEvent.click(iconButton('SYSBP', 'sdv.state.reset'));
    await screen.findByTestId('sdv-item-dialog');
    expect(screen.queryByTestId('sdv-verify-item')).toBeNull();
  });

  it('Verify (SDV) of the page: the reset item preselected; nothing selected → "select items to verify", no request', async () => {
    const client = setup();
    await userEvent.click(await screen.findByTestId('form-sdv'));
    const table = await screen.findByTestId('sdv-page-table');
    const boxes = within(table).getAllByRole('checkbox');
    const checked = boxes.filter((b) => (b as HTMLInputElement).checked);
    expect(checked).toHaveLength(1);
    await userEvent.click(checked[0]!);
    await userEvent.click(screen.getByTestId('sdv-verify-selected'));
    expect(screen.getByTestId('sdv-page-problem')).toHaveTextContent(text('sdv.selectItems'));
    expect(client.paramsOf('saveVarStatusList')).toEqual([]);
  });
});

describe('notes on the form page', () => {
  it('opens the item’s notes from its icon; an empty note is refused in place; an added one turns the icon to "review"', async () => {
    const client = setup(['view', 'enter', 'change', 'audit', 'note.add']);
    await screen.findByTestId('ecrf-row-SYSBP');
    await userEvent.click(iconButton('SYSBP', 'ecrf.status.noteList'));
    const dialog = await screen.findByTestId('note-dialog');
    expect(await within(dialog).findByTestId('note-text')).toHaveTextContent(
      reviewFixtures.piNoteList.data![0]!.text,
    );
    expect(client.paramsOf('piNoteList')).toEqual([{ recordid: reset.record!.recordid, variable: 'SYSBP' }]);
    await userEvent.click(within(dialog).getByTestId('note-add'));
    expect(within(dialog).getByText(text('notes.empty'))).toBeInTheDocument();
    expect(client.paramsOf('savePINote')).toEqual([]);
    await userEvent.type(within(dialog).getByTestId('note-text-input'), '  Checked again  ');
    await userEvent.click(within(dialog).getByTestId('note-add'));
    expect(client.paramsOf('savePINote')).toEqual([
      {
        recordid: reset.record!.recordid,
        variable: 'SYSBP',
        action: 'add',
        text: 'Checked again',
        noteid: undefined,
      },
    ]);
    await userEvent.click(await screen.findByTestId('note-dialog-close'));
    expect(iconButton('SYSBP', 'ecrf.status.noteReview')).toBeInTheDocument();
  });

  it('offers no note form to a monitor, who reviews instead', async () => {
    setup();
    await screen.findByTestId('ecrf-row-SYSBP');
    await userEvent.click(iconButton('SYSBP', 'ecrf.status.noteList'));
    const dialog = await screen.findByTestId('note-dialog');
    await within(dialog).findByTestId('note-text');
    expect(within(dialog).queryByTestId('note-add')).toBeNull();
  });
});
