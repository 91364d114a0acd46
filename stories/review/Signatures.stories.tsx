/**
 * The PI signature (issue 14), fed by the server's fixtures (fixtures/signatures): a page's signature in words — the
 * manifestation (printed name, date and time, meaning), broken by a change (who, when, which items), its history —
 * and the batch
 * signing of selected subjects: nothing selected ("select items to sign"), the first signing of a session (user name
 * and password), a refusal shown in place (open queries), and a signing that shows the manifestation.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { SignaturePage } from '../../engine/api/signatures';
import { signatureFixtures } from '../../fixtures';
import { fakeFailure } from '../../renderers/testing/fakeApiClient';
import { SignatureHistory } from '../../src/features/signatures/SignatureHistory';
import { SignatureManifestation } from '../../src/features/signatures/SignatureManifestation';
import { SignSubjectsDialog } from '../../src/features/signatures/signSubjectsAction';
import type { AppStoryParameters } from '../support/StoryHarness';
import { msg } from '../support/storyText';

const body = () => within(document.body);
const signedPages = signatureFixtures.showSignatureSigned.data!.pages as SignaturePage[];
const brokenPages = signatureFixtures.showSignatureBroken.data!.pages as SignaturePage[];
const firstSigning = signatureFixtures.showSignature.data!;
const signedDm = signedPages.find((p) => p.tid === 'DM')!;
const brokenDm = brokenPages.find((p) => p.tid === 'DM')!;

function Manifestation({ page }: { page: SignaturePage }) {
  return (
    <SignatureManifestation
      state={page.state}
      manifestation={page.manifestation}
      brokenBy={page.brokenBy}
      brokenAt={page.brokenAt}
      brokenItems={page.brokenItems}
      userTimeZone="Asia/Shanghai"
    />
  );
}

const meta = {
  title: 'Review/Signature',
  component: Manifestation,
  args: { page: signedDm },
} satisfies Meta<typeof Manifestation>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The DM page signed by pi.wang: printed name, date and time in the user's zone, meaning. */
export const Signed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('signature-state')).toHaveTextContent(msg('signature.state.signed'));
    await expect(canvas.getByTestId('signature-signer')).toHaveTextContent(signedDm.manifestation!.signer);
    await expect(canvas.getByTestId('signature-signer')).toHaveTextContent(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await expect(canvas.getByTestId('signature-meaning')).toHaveTextContent(
      signedDm.manifestation!.meaning.zh_CN,
    );
  },
};

/** Broken by crc.li's change of ETHNIC: the signature as it was, and why it must be signed again. */
export const Broken: Story = {
  args: { page: brokenDm },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('signature-state')).toHaveTextContent(msg('signature.state.broken'));
    const why = canvas.getByTestId('signature-broken-why');
    await expect(why).toHaveTextContent('ETHNIC');
    await expect(why).toHaveTextContent(brokenDm.brokenBy!);
    await expect(canvas.getByTestId('signature-signer')).toHaveTextContent(brokenDm.manifestation!.signer);
  },
};

/** The DM page's signature history: pi.wang's signing with its meaning, then crc.li's change that broke it. */
export const History: Story = {
  render: () => (
    <SignatureHistory
      events={signatureFixtures.showSignaturePage.data!.history}
      userTimeZone="Asia/Shanghai"
    />
  ),
  play: async ({ canvasElement }) => {
    const events = within(canvasElement).getAllByTestId('signature-event');
    await expect(events.map((e) => e.dataset.action)).toEqual(['sign', 'break']);
    await expect(events[0]).toHaveTextContent(firstSigning.meaning.zh_CN);
    await expect(events[1]).toHaveTextContent('ETHNIC');
  },
};

const selected = [
  { subjectid: 'subj-bj01-0001', subjid: 'BJ01-0001' },
  { subjectid: 'subj-bj01-0002', subjid: 'BJ01-0002' },
  { subjectid: 'subj-bj01-0003', subjid: 'BJ01-0003' },
];
const listCtx = () => ({ query: {} as never, params: {}, reload: fn() });

/** Batch signing with nothing selected: the spec's "select items to sign", nothing sent. */
export const BatchNothingSelected: Story = {
  parameters: { app: { api: { showSignature: firstSigning } } satisfies AppStoryParameters },
  render: () => <SignSubjectsDialog ctx={listCtx()} selected={[]} onClose={() => {}} />,
  play: async () => {
    await userEvent.click(await body().findByTestId('signature-sign'));
    await expect(body().getByTestId('signature-problem')).toHaveTextContent(msg('signature.selectItems'));
    await expect(body().queryByTestId('signature-password')).toBeNull();
  },
};

/** Three subjects, the session's first signing: user name and password required, then the manifestation. */
export const BatchFirstSigning: Story = {
  parameters: {
    app: {
      api: { showSignature: firstSigning, saveSignature: signatureFixtures.saveSignature.data! },
    } satisfies AppStoryParameters,
  },
  render: () => <SignSubjectsDialog ctx={listCtx()} selected={selected} onClose={() => {}} />,
  play: async () => {
    await expect(await body().findByTestId('sign-subjects-list')).toHaveTextContent('BJ01-0003');
    await userEvent.click(body().getByTestId('signature-sign'));
    // MUI also draws the error in the field's accessible description: any of them
    await expect(body().getAllByText(msg('signature.usernameRequired')).length).toBeGreaterThan(0);
    await expect(body().getAllByText(msg('signature.passwordRequired')).length).toBeGreaterThan(0);
    await userEvent.type(body().getByTestId('signature-username'), 'pi.wang');
    await userEvent.type(body().getByTestId('signature-password'), 'Demo#2026');
    await userEvent.click(body().getByTestId('signature-sign'));
    const signer = await body().findByTestId('signature-signer');
    await expect(signer).toHaveTextContent(signatureFixtures.saveSignature.data!.manifestation.signer);
    await expect(body().getByTestId('signature-meaning')).toHaveTextContent(firstSigning.meaning.zh_CN);
  },
};

/** A later signing (password only) refused for open queries: the server's message in place, password cleared. */
export const BatchRefusedOpenQueries: Story = {
  parameters: {
    app: {
      api: {
        showSignature: { ...firstSigning, needsUsername: false },
        saveSignature: () => {
          throw fakeFailure(
            'business',
            '/edc/varstatus/saveSignature.do',
            signatureFixtures.saveSignatureOpenQueries.msg,
          );
        },
      },
    } satisfies AppStoryParameters,
  },
  render: () => <SignSubjectsDialog ctx={listCtx()} selected={selected} onClose={() => {}} />,
  play: async () => {
    await expect(await body().findByTestId('signature-password')).toBeInTheDocument();
    await expect(body().queryByTestId('signature-username')).toBeNull();
    await userEvent.type(body().getByTestId('signature-password'), 'Demo#2026');
    await userEvent.click(body().getByTestId('signature-sign'));
    await expect(await body().findByTestId('signature-problem')).toHaveTextContent(
      signatureFixtures.saveSignatureOpenQueries.msg,
    );
    await expect(body().getByTestId('signature-password')).toHaveValue('');
  },
};
