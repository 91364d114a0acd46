/**
 * The PI signature on the form page, composed as the app composes it (features/recordWorkflows.tsx), fed by the
 * server's fixtures (the entry subject's DM page signed by pi.wang): every item shows the signature icon, whose
 * dialog shows the manifestation; the Sign action signs the chosen scope with the password in the same request
 * (no user name after the session's first signing); a refusal shows in place and clears the password; a role
 * without `sign` is offered no Sign action.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DataOf } from '../../../engine/api/endpoint';
import type { dataInfo, dataList } from '../../../engine/api/data';
import type { showSignature } from '../../../engine/api/signatures';
import { signatureFixtures } from '../../../fixtures';
import { dmSchema } from '../../../fixtures/forms';
import { RecordRegistriesProvider } from '../../../renderers/actions/recordRegistries';
import { createFakeApiClient, fakeFailure } from '../../../renderers/testing/fakeApiClient';
import { formPath } from '../../routing/formPaths';
import { PATHS } from '../../routing/paths';
import { renderApp, seedSession, text } from '../../testing/renderApp';
import { roleLoginInfo } from '../../testing/sampleData';
import { FormPage } from '../data/FormPage';
import { createAppRecordRegistries } from '../recordWorkflows';

const signed = signatureFixtures.dataInfoSigned.data!;
const shown = signatureFixtures.showSignatureSigned.data!;
const SUBJECT = 'subj-bj01-0001';
const KEYS = { visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'DM' };
const dmPage = shown.pages.find((p) => p.tid === 'DM')!;
const laterSigning = { ...shown, needsUsername: false, pages: [{ ...dmPage, state: 'unsigned' as const }] };

function pageData(capabilities: readonly string[]): DataOf<typeof dataList> {
  return {
    tid: 'DM',
    formid: 'DM',
    name: { zh_CN: '人口学资料', en: 'Demographics' },
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

function setup(
  capabilities: readonly string[] = signed.capabilities,
  show: DataOf<typeof showSignature> = { ...shown, pages: [dmPage] },
  saveSignature: () => unknown = () => signatureFixtures.saveSignature.data!,
) {
  seedSession(window.sessionStorage, roleLoginInfo);
  const info = { ...signed, schema: dmSchema, capabilities: [...capabilities] } as DataOf<typeof dataInfo>;
  const client = createFakeApiClient({
    dataList: pageData(capabilities),
    dataInfo: info,
    codeList: [],
    showSignature: show,
    saveSignature: saveSignature as never,
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

describe('the signature on the form page', () => {
  it('shows the signature icon on the signed page’s items; its dialog shows name, date and time, meaning', async () => {
    const client = setup(signed.capabilities, {
      ...signatureFixtures.showSignaturePage.data!,
      pages: [dmPage],
    });
    await screen.findByTestId('ecrf-row-SEX');
    await userEvent.click(iconButton('SEX', 'signature.state.signed'));
    const dialog = await screen.findByTestId('signature-item-dialog');
    expect(await within(dialog).findByTestId('signature-signer')).toHaveTextContent('王伟');
    expect(within(dialog).getByTestId('signature-signer')).toHaveTextContent(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(within(dialog).getByTestId('signature-meaning')).toHaveTextContent(shown.meaning.zh_CN);
    expect(client.paramsOf('showSignature')).toEqual([{ recordid: signed.record!.recordid }]);
    // the page's signature history: signed, then broken by crc.li's change of ETHNIC
    const events = within(dialog).getAllByTestId('signature-event');
    expect(events.map((e) => e.dataset.action)).toEqual(['sign', 'break']);
    expect(events[0]).toHaveTextContent('王伟');
    expect(events[1]).toHaveTextContent('李娜');
    expect(events[1]).toHaveTextContent('ETHNIC');
  });

  it('Sign signs the chosen scope (the visit) with the password only, after the session’s first signing', async () => {
    const client = setup(signed.capabilities, laterSigning);
    await userEvent.click(await screen.findByTestId('form-sign'));
    await screen.findByTestId('signature-form');
    expect(screen.queryByTestId('signature-username')).toBeNull();
    await userEvent.click(within(screen.getByTestId('signature-scope-visit')).getByRole('radio'));
    // no password: nothing sent
    await userEvent.click(screen.getByTestId('signature-sign'));
    expect(client.paramsOf('saveSignature')).toEqual([]);
    await userEvent.type(screen.getByTestId('signature-password'), 'Demo#2026');
    await userEvent.click(screen.getByTestId('signature-sign'));
    expect(await screen.findByTestId('signature-done')).toBeInTheDocument();
    expect(client.paramsOf('saveSignature')).toEqual([
      { list: [{ subjectid: SUBJECT, visitnum: 'V1' }], password: 'Demo#2026' },
    ]);
    expect(screen.getByTestId('signature-signer')).toHaveTextContent('王伟');
    // closing reads the page again (its icons follow)
    const reads = client.paramsOf('dataInfo').length;
    await userEvent.click(screen.getByTestId('signature-close'));
    await expect.poll(() => client.paramsOf('dataInfo').length).toBe(reads + 1);
  });

  it('shows a refusal in place and clears the password', async () => {
    setup(signed.capabilities, laterSigning, () => {
      throw fakeFailure('business', '/edc/varstatus/saveSignature.do', '密码错误，签名失败');
    });
    await userEvent.click(await screen.findByTestId('form-sign'));
    await userEvent.type(await screen.findByTestId('signature-password'), 'wrong');
    await userEvent.click(screen.getByTestId('signature-sign'));
    expect(await screen.findByTestId('signature-problem')).toHaveTextContent('密码错误，签名失败');
    expect(screen.getByTestId('signature-password')).toHaveValue('');
  });

  it('offers no Sign to a role without `sign` (the signature is still shown)', async () => {
    setup(signed.capabilities.filter((c) => c !== 'sign'));
    await screen.findByTestId('ecrf-row-SEX');
    expect(screen.queryByTestId('form-sign')).toBeNull();
    expect(iconButton('SEX', 'signature.state.signed')).toBeInTheDocument();
  });
});
