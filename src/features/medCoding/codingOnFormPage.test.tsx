/**
 * Medical coding on the form page, composed as the app composes it (features/recordWorkflows.tsx), fed by the server's
 * fixtures: the AE term's coding icon (coded) opens its coding — the code with its hierarchy and the history with the
 * recode's reason — read-only for a PI (no `coding` capability: no search, no Code button). The form page itself
 * knows nothing of coding.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DataOf } from '../../../engine/api/endpoint';
import type { dataInfo } from '../../../engine/api/data';
import { formFixtures, medCodingFixtures } from '../../../fixtures';
import { RecordRegistriesProvider } from '../../../renderers/actions/recordRegistries';
import { createFakeApiClient } from '../../../renderers/testing/fakeApiClient';
import { formPath } from '../../routing/formPaths';
import { PATHS } from '../../routing/paths';
import { renderApp, seedSession, text } from '../../testing/renderApp';
import { roleLoginInfo } from '../../testing/sampleData';
import { FormPage } from '../data/FormPage';
import { createAppRecordRegistries } from '../recordWorkflows';

const coded = medCodingFixtures.dataInfoCoded.data! as DataOf<typeof dataInfo>;
const SUBJECT = 'subj-bj01-0002';
const KEYS = { visitnum: 'LOG', cycnum: 1, svnum: 1, tid: 'AE' };

function setup() {
  seedSession(window.sessionStorage, roleLoginInfo);
  const client = createFakeApiClient({
    dataList: formFixtures.dataListLogline.data!,
    dataInfo: coded,
    codeList: [],
    getCodingInfo: { ...medCodingFixtures.getCodingInfoRecoded.data!, canCode: false },
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
  renderApp(formPath(PATHS.subjects, SUBJECT, KEYS, coded.record!.lineno), { client, routes });
  return client;
}

describe('coding on the form page', () => {
  it('shows the AE term coded; its dialog shows the hierarchy and the history, read-only for a PI', async () => {
    const client = setup();
    const row = await screen.findByTestId('ecrf-row-AETERM', {}, { timeout: 10_000 });
    await userEvent.click(within(row).getByRole('button', { name: text('coding.state.coded') }));
    const dialog = await screen.findByTestId('coding-item-dialog');
    expect(await within(dialog).findByTestId('coding-path')).toHaveTextContent('Fatigue aggravated');
    expect(within(dialog).getByTestId('coding-history-recode')).toHaveTextContent('原始病历记录为疲劳加重');
    expect(within(dialog).queryByTestId('coding-form')).toBeNull();
    // asked by the term id the item state carries
    const termid = (coded.items.AETERM as { coding?: { termid: string } }).coding?.termid;
    expect(client.paramsOf('getCodingInfo')).toEqual([{ termid, recordid: undefined, variable: undefined }]);
    // the other items carry no coding icon
    expect(
      within(screen.getByTestId('ecrf-row-AESEV')).queryByRole('button', {
        name: text('coding.state.coded'),
      }),
    ).toBeNull();
  });
});
