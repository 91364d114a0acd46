import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuditTrailRow, EditReason } from '../../../engine/api/data';
import { compileForm } from '../../../engine/form';
import { aeSchema, dmSchema, vsSchema } from '../../../fixtures/forms';
import { AuditTrailDialog } from '../../../renderers/ecrf/AuditTrailDialog';
import { ChangeReasonDialog } from '../../../renderers/ecrf/ChangeReasonDialog';
import { ConfirmWarningsDialog } from '../../../renderers/ecrf/ConfirmWarningsDialog';
import { DraftOfferDialog } from '../../../renderers/ecrf/DraftOfferDialog';
import { SchemaIssuesPanel } from '../../../renderers/ecrf/SchemaIssuesPanel';
import type { CodeOptionWire } from '../../../engine/api/lists';
import { createFakeApiClient, fakeFailure } from '../../../renderers/testing/fakeApiClient';
import { compiled, fakeClient, Providers, t } from './ecrfTestKit';

const vs = compiled(vsSchema);
const reasons: EditReason[] = [
  { code: 'TRANSCRIPTION', text: { zh_CN: '转录错误', en: 'Transcription error' } },
  { code: 'OTHER', text: { zh_CN: '其他', en: 'Other' } },
];

describe('ChangeReasonDialog', () => {
  it('needs a text for every changed variable; a chosen reason fills it; apply to all copies it', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <Providers>
        <ChangeReasonDialog
          open
          variables={['SYSBP', 'DIABP']}
          form={vs}
          reasons={reasons}
          onConfirm={onConfirm}
          onCancel={() => {}}
        />
      </Providers>,
    );
    const ok = screen.getByRole('button', { name: t('ecrf.reason.ok') });
    expect(ok).toBeDisabled();
    await user.selectOptions(
      screen.getByLabelText(t('ecrf.reason.chooseFor', { label: 'Systolic blood pressure' })),
      'TRANSCRIPTION',
    );
    expect(screen.getByLabelText(t('ecrf.reason.textFor', { label: 'Systolic blood pressure' }))).toHaveValue(
      'Transcription error',
    );
    expect(ok).toBeDisabled();
    await user.type(
      screen.getByLabelText(t('ecrf.reason.textFor', { label: 'Diastolic blood pressure' })),
      '   ',
    );
    expect(ok).toBeDisabled();
    await user.type(
      screen.getByLabelText(t('ecrf.reason.textFor', { label: 'Diastolic blood pressure' })),
      'Checked with the source',
    );
    expect(ok).toBeEnabled();
    await user.click(ok);
    expect(onConfirm).toHaveBeenCalledWith({
      SYSBP: { code: 'TRANSCRIPTION', text: 'Transcription error' },
      DIABP: { code: null, text: 'Checked with the source' },
    });

    onConfirm.mockClear();
    await user.click(
      within(screen.getByTestId('reason-row-SYSBP')).getByRole('button', { name: t('ecrf.reason.applyAll') }),
    );
    await user.click(ok);
    expect(onConfirm).toHaveBeenCalledWith({
      SYSBP: { code: 'TRANSCRIPTION', text: 'Transcription error' },
      DIABP: { code: 'TRANSCRIPTION', text: 'Transcription error' },
    });
  });
});

describe('AuditTrailDialog', () => {
  const rows: AuditTrailRow[] = [
    {
      id: '1',
      action: 'create',
      varname: 'SYSBP',
      label: { zh_CN: '收缩压', en: 'Systolic blood pressure' },
      originalvalue: null,
      currentvalue: '120',
      note: null,
      username: 'crc1',
      realname: 'Li Na',
      role: { zh_CN: '研究协调员', en: 'CRC' },
      at: '2026-03-01T16:30:00.000Z',
    },
    {
      id: '2',
      action: 'update',
      varname: 'SYSBP',
      label: null,
      originalvalue: '120',
      currentvalue: '125',
      note: 'Transcription error',
      username: 'crc1',
      realname: 'Li Na',
      role: { zh_CN: '研究协调员', en: 'CRC' },
      at: '2026-03-02T01:05:00.000Z',
    },
  ];

  it("shows every entry with old and new value, reason, user, role, and the time in the user's zone", () => {
    render(
      <Providers>
        <AuditTrailDialog open rows={rows} onClose={() => {}} userTimeZone="Asia/Shanghai" form={vs} />
      </Providers>,
    );
    const [first, second] = screen.getAllByTestId('audit-row');
    expect(within(first!).getByTestId('audit-time')).toHaveTextContent('2026-03-02 00:30');
    expect(within(second!).getByTestId('audit-time')).toHaveTextContent('2026-03-02 09:05');
    expect(second).toHaveTextContent('Systolic blood pressure'); // label from the form when the row has none
    expect(second).toHaveTextContent('120');
    expect(second).toHaveTextContent('125');
    expect(second).toHaveTextContent('Transcription error');
    expect(second).toHaveTextContent('Li Na (crc1)');
    expect(second).toHaveTextContent('CRC');
    expect(first).toHaveTextContent(t('audit.action.create'));
  });

  it('shows a workflow event (a signature with its manifestation) in the trail as the server words it', () => {
    const event: AuditTrailRow = {
      id: 'signature-1',
      action: 'event',
      varname: '@page',
      label: { zh_CN: '电子签名', en: 'Electronic signature' },
      originalvalue: null,
      currentvalue: '王伟',
      note: '本人作为研究者确认本病例的数据',
      username: 'pi.wang',
      realname: '王伟',
      role: { zh_CN: '主要研究者', en: 'PI' },
      at: '2026-03-03T02:00:00.000Z',
    };
    render(
      <Providers>
        <AuditTrailDialog
          open
          rows={[...rows, event]}
          onClose={() => {}}
          userTimeZone="Asia/Shanghai"
          form={vs}
        />
      </Providers>,
    );
    const row = screen.getAllByTestId('audit-row')[2]!;
    expect(row).toHaveAttribute('data-action', 'event');
    expect(row).toHaveTextContent('Electronic signature');
    expect(within(row).getByTestId('audit-new')).toHaveTextContent('王伟');
    expect(row).toHaveTextContent('本人作为研究者确认本病例的数据');
    expect(within(row).getByTestId('audit-time')).toHaveTextContent('2026-03-03 10:00');
  });

  const change = (
    variable: string,
    originalvalue: string | null,
    currentvalue: string | null,
  ): AuditTrailRow => ({
    ...rows[1]!,
    id: variable,
    varname: variable,
    label: null,
    originalvalue,
    currentvalue,
  });

  it('shows codes of choice items by their option label, keeping the stored code visible', () => {
    const ae = compiled(aeSchema);
    render(
      <Providers locale="zh_CN">
        <AuditTrailDialog
          open
          rows={[change('AESEV', 'MILD', 'SEVERE'), change('AETERM', 'MILD', 'Headache')]}
          onClose={() => {}}
          userTimeZone="Asia/Shanghai"
          form={ae}
        />
      </Providers>,
    );
    const [sev, term] = screen.getAllByTestId('audit-row');
    expect(within(sev!).getByTestId('audit-old')).toHaveTextContent(/^轻度 \(MILD\)$/);
    expect(within(sev!).getByTestId('audit-new')).toHaveTextContent(/^重度 \(SEVERE\)$/);
    // a text item is shown as typed, even when it looks like a code
    expect(within(term!).getByTestId('audit-old')).toHaveTextContent(/^MILD$/);
    expect(sev).toHaveTextContent(t('audit.user', { realname: 'Li Na', username: 'crc1' }, 'zh_CN'));
  });

  it('maps each code of a list item; unknown codes and blanks as stored', () => {
    const dm = compiled(dmSchema);
    render(
      <Providers>
        <AuditTrailDialog
          open
          rows={[
            change('RACE', 'ASIAN', 'ASIAN, BLACK OR AFRICAN AMERICAN, MARTIAN'),
            change('ETHNIC', null, 'XX'),
          ]}
          onClose={() => {}}
          userTimeZone="Asia/Shanghai"
          form={dm}
        />
      </Providers>,
    );
    const [race, ethnic] = screen.getAllByTestId('audit-row');
    expect(within(race!).getByTestId('audit-old')).toHaveTextContent(/^Asian \(ASIAN\)$/);
    expect(within(race!).getByTestId('audit-new')).toHaveTextContent(
      /^Asian \(ASIAN\), Black or African American \(BLACK OR AFRICAN AMERICAN\), MARTIAN$/,
    );
    expect(within(ethnic!).getByTestId('audit-old')).toHaveTextContent(/^—$/);
    expect(within(ethnic!).getByTestId('audit-new')).toHaveTextContent(/^XX$/);
  });

  it('shows codes of code-list items by their label once the list is loaded, fetching each list once', async () => {
    const dm = compiled(dmSchema);
    let answerSex: (list: CodeOptionWire[]) => void = () => {};
    const client = createFakeApiClient({
      codeList: ({ codelisttype }) =>
        codelisttype === 'SEX'
          ? new Promise<CodeOptionWire[]>((resolve) => {
              answerSex = resolve;
            })
          : [
              { codevalue: 'Y', codedesp: { zh_CN: '是', en: 'Yes' } },
              { codevalue: 'N', codedesp: { zh_CN: '否', en: 'No' } },
            ],
    });
    const dialog = (rows: AuditTrailRow[] | null) => (
      <Providers client={client} locale="zh_CN">
        <AuditTrailDialog open rows={rows} onClose={() => {}} userTimeZone="Asia/Shanghai" form={dm} />
      </Providers>
    );
    const { rerender } = render(dialog(null));
    expect(client.paramsOf('codeList')).toEqual([]); // nothing to resolve before the rows arrive
    rerender(
      dialog([
        change('SEX', null, 'M'),
        { ...change('SEX', 'M', 'F'), id: 'SEX2' },
        change('CHILDPOT', 'Y', 'N'),
      ]),
    );
    const [sexCreate, sexChange, childpot] = screen.getAllByTestId('audit-row');
    // while SEX is loading its codes are shown as stored, and the dialog is fully usable
    expect(within(sexCreate!).getByTestId('audit-new')).toHaveTextContent(/^M$/);
    expect(screen.getByRole('button', { name: t('audit.close', undefined, 'zh_CN') })).toBeEnabled();
    await waitFor(() => expect(within(childpot!).getByTestId('audit-old')).toHaveTextContent(/^是 \(Y\)$/));
    expect(within(childpot!).getByTestId('audit-new')).toHaveTextContent(/^否 \(N\)$/);
    await act(async () =>
      answerSex([
        { codevalue: 'M', codedesp: { zh_CN: '男', en: 'Male' } },
        { codevalue: 'F', codedesp: { zh_CN: '女', en: 'Female' } },
      ]),
    );
    await waitFor(() => expect(within(sexCreate!).getByTestId('audit-new')).toHaveTextContent(/^男 \(M\)$/));
    expect(within(sexChange!).getByTestId('audit-old')).toHaveTextContent(/^男 \(M\)$/);
    expect(within(sexChange!).getByTestId('audit-new')).toHaveTextContent(/^女 \(F\)$/);
    // one request per code list, however many rows use it; silent (no toast over the dialog)
    expect(client.paramsOf('codeList')).toEqual([{ codelisttype: 'SEX' }, { codelisttype: 'YN' }]);
    expect(client.calls.every((c) => c.options?.silent === true)).toBe(true);
  });

  it('uses code lists already loaded by the app without asking again', async () => {
    const dm = compiled(dmSchema);
    const client = fakeClient();
    const rows = [change('SEX', 'F', 'M')];
    const { unmount } = render(
      <Providers client={client}>
        <AuditTrailDialog open rows={rows} onClose={() => {}} userTimeZone="Asia/Shanghai" form={dm} />
      </Providers>,
    );
    expect(await screen.findByText(/^Male \(M\)$/)).toBeInTheDocument();
    unmount();
    render(
      <Providers client={client}>
        <AuditTrailDialog open rows={rows} onClose={() => {}} userTimeZone="Asia/Shanghai" form={dm} />
      </Providers>,
    );
    // the second opening shows the label at once, from the shared cache
    expect(within(screen.getByTestId('audit-row')).getByTestId('audit-old')).toHaveTextContent(
      /^Female \(F\)$/,
    );
    expect(client.paramsOf('codeList')).toEqual([{ codelisttype: 'SEX' }]);
  });

  it('keeps the stored codes when a code list cannot be loaded', async () => {
    const dm = compiled(dmSchema);
    const client = createFakeApiClient({
      codeList: () => {
        throw fakeFailure('network', '/codeList');
      },
    });
    render(
      <Providers client={client}>
        <AuditTrailDialog
          open
          rows={[change('SEX', 'F', 'M')]}
          onClose={() => {}}
          userTimeZone="Asia/Shanghai"
          form={dm}
        />
      </Providers>,
    );
    await waitFor(() => expect(client.paramsOf('codeList')).toEqual([{ codelisttype: 'SEX' }]));
    await act(async () => {});
    const row = screen.getByTestId('audit-row');
    expect(within(row).getByTestId('audit-old')).toHaveTextContent(/^F$/);
    expect(within(row).getByTestId('audit-new')).toHaveTextContent(/^M$/);
    expect(screen.queryByTestId('audit-empty')).toBeNull();
  });

  it('the same instant in another zone', () => {
    render(
      <Providers>
        <AuditTrailDialog open rows={rows.slice(0, 1)} onClose={() => {}} userTimeZone="America/New_York" />
      </Providers>,
    );
    expect(screen.getByTestId('audit-time')).toHaveTextContent('2026-03-01 11:30');
  });
});

describe('ConfirmWarningsDialog and DraftOfferDialog', () => {
  it('lists the warnings by item label and confirms', () => {
    const onConfirm = vi.fn();
    render(
      <Providers>
        <ConfirmWarningsDialog
          open
          form={vs}
          problems={{
            PULSE: [{ level: 'warning', messageId: 'form.outOfSoftRange', values: { min: 60, max: 100 } }],
            SYSBP: [{ level: 'error', messageId: 'form.notInteger' }],
          }}
          onConfirm={onConfirm}
          onCancel={() => {}}
        />
      </Providers>,
    );
    const items = within(screen.getByTestId('warning-list')).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Pulse rate');
    fireEvent.click(screen.getByRole('button', { name: t('ecrf.warnings.confirm') }));
    expect(onConfirm).toHaveBeenCalled();
  });

  it("offers a draft with its time in the user's zone", () => {
    const onRestore = vi.fn();
    render(
      <Providers>
        <DraftOfferDialog
          open
          savedAt={Date.UTC(2026, 10, 20, 23, 15)}
          userTimeZone="Asia/Shanghai"
          onRestore={onRestore}
          onDiscard={() => {}}
        />
      </Providers>,
    );
    expect(screen.getByTestId('draft-offer-text')).toHaveTextContent('2026-11-21 07:15');
    fireEvent.click(screen.getByRole('button', { name: t('ecrf.draft.restore') }));
    expect(onRestore).toHaveBeenCalled();
  });

  it("says who changed the record since the draft was typed, and when in the user's zone", () => {
    const onRestore = vi.fn();
    const { rerender } = render(
      <Providers>
        <DraftOfferDialog
          open
          savedAt={Date.UTC(2026, 10, 20, 23, 15)}
          userTimeZone="Asia/Shanghai"
          changedSince={{ updatedby: 'crc.wang', updatedat: '2026-11-21T01:40:00Z' }}
          onRestore={onRestore}
          onDiscard={() => {}}
        />
      </Providers>,
    );
    const stale = screen.getByTestId('draft-offer-stale');
    expect(stale).toHaveTextContent('crc.wang');
    expect(stale).toHaveTextContent('2026-11-21 09:40');
    // restoring stays possible: the user decides, knowingly
    fireEvent.click(screen.getByRole('button', { name: t('ecrf.draft.restore') }));
    expect(onRestore).toHaveBeenCalled();
    rerender(
      <Providers>
        <DraftOfferDialog
          open
          savedAt={Date.UTC(2026, 10, 20, 23, 15)}
          userTimeZone="Asia/Shanghai"
          changedSince={null}
          onRestore={onRestore}
          onDiscard={() => {}}
        />
      </Providers>,
    );
    expect(screen.queryByTestId('draft-offer-stale')).toBeNull();
  });
});

describe('SchemaIssuesPanel', () => {
  it('lists every issue of a malformed schema with its path', () => {
    const result = compileForm({
      ...vsSchema,
      sections: [
        {
          id: 'S',
          title: 'S',
          items: [
            { variable: 'A', label: 'A', fieldtype: 'colour' },
            { variable: 'A', label: 'A2', fieldtype: 'text' },
          ],
        },
      ],
    });
    expect(result.ok).toBe(false);
    const issues = result.ok ? [] : result.issues;
    render(
      <Providers>
        <SchemaIssuesPanel issues={issues} />
      </Providers>,
    );
    const shown = screen.getAllByTestId('schema-issue');
    expect(shown.length).toBe(issues.length);
    expect(shown.some((li) => li.textContent?.includes('sections[0].items[0]'))).toBe(true);
    expect(shown.some((li) => li.textContent?.includes('colour'))).toBe(true);
  });
});
