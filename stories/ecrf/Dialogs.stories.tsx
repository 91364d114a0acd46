/**
 * The dialogs of the save flow and the record page: audit trail, reasons for change, warnings to confirm, a draft
 * offered back, leaving with unsaved changes, and a schema that cannot be used.
 */
import { useMemo, useState, type ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { AuditTrailRow, ChangeReason } from '../../engine/api/data';
import { compileForm } from '../../engine/form';
import type { CompiledForm, FormProblems } from '../../engine/form/types';
import { dmSchema, editReasons, vsSchema } from '../../fixtures/forms';
import {
  AuditTrailDialog,
  ChangeReasonDialog,
  ConfirmWarningsDialog,
  DraftOfferDialog,
  SchemaIssuesPanel,
  UnsavedChangesDialog,
} from '../../renderers/ecrf';
import { msg } from '../support/storyText';
import { codeListApi } from './support/EcrfStory';

const compiledForm = (schema: unknown): CompiledForm => {
  const result = compileForm(schema);
  if (!result.ok) throw new Error('the fixture form does not compile');
  return result.form;
};
const compiledVs = () => compiledForm(vsSchema);
const compiledDm = () => compiledForm(dmSchema);

const SHANGHAI = 'Asia/Shanghai';

const auditRows: AuditTrailRow[] = [
  {
    id: '1',
    action: 'create',
    varname: 'SYSBP',
    label: { zh_CN: '收缩压', en: 'Systolic blood pressure' },
    originalvalue: null,
    currentvalue: '120',
    note: null,
    username: 'crc01',
    realname: '李娜',
    role: { zh_CN: '研究协调员', en: 'Clinical research coordinator' },
    at: '2026-11-01T16:30:00.000Z',
  },
  {
    id: '2',
    action: 'update',
    varname: 'SYSBP',
    label: { zh_CN: '收缩压', en: 'Systolic blood pressure' },
    originalvalue: '120',
    currentvalue: '125',
    note: '转录错误 / Transcription error',
    username: 'crc01',
    realname: '李娜',
    role: { zh_CN: '研究协调员', en: 'Clinical research coordinator' },
    at: '2026-11-02T01:05:00.000Z',
  },
];

/** Changes of DM radios whose options come from code lists (SEX, YN). */
const codeListAuditRows: AuditTrailRow[] = [
  {
    ...auditRows[1]!,
    id: '3',
    varname: 'SEX',
    label: { zh_CN: '性别', en: 'Sex' },
    originalvalue: 'M',
    currentvalue: 'F',
  },
  {
    ...auditRows[1]!,
    id: '4',
    varname: 'CHILDPOT',
    label: { zh_CN: '是否有生育可能', en: 'Childbearing potential' },
    originalvalue: null,
    currentvalue: 'Y',
  },
];

/** The dialogs are shown by the page; here one at a time, with what was chosen written below. */
function DialogBench({
  which,
}: {
  which: 'audit' | 'auditCodeLists' | 'reason' | 'warnings' | 'draft' | 'draftStale' | 'unsaved' | 'schema';
}) {
  const form = useMemo(compiledVs, []);
  const dm = useMemo(compiledDm, []);
  const [result, setResult] = useState('');
  const done = (text: string) => () => setResult(text);
  let dialog: ReactNode = null;
  if (which === 'audit')
    dialog = (
      <AuditTrailDialog open rows={auditRows} onClose={done('closed')} userTimeZone={SHANGHAI} form={form} />
    );
  if (which === 'auditCodeLists')
    dialog = (
      <AuditTrailDialog
        open
        rows={codeListAuditRows}
        onClose={done('closed')}
        userTimeZone={SHANGHAI}
        form={dm}
      />
    );
  if (which === 'reason')
    dialog = (
      <ChangeReasonDialog
        open
        variables={['SYSBP', 'DIABP']}
        form={form}
        reasons={editReasons}
        onConfirm={(reasons: Record<string, ChangeReason>) => setResult(JSON.stringify(reasons))}
        onCancel={done('cancelled')}
      />
    );
  if (which === 'warnings') {
    const problems: FormProblems = {
      SYSBP: [{ level: 'warning', messageId: 'form.outOfSoftRange', values: { min: 90, max: 140 } }],
      BMI: [
        {
          level: 'warning',
          messageId: 'form.checkFailed',
          text: {
            zh_CN: '体重指数不在 15–40 kg/m² 之间，请核实体重和身高',
            en: 'Body mass index outside 15–40 kg/m²: please verify weight and height',
          },
          ruleId: 'VS_BMI_PLAUSIBLE',
        },
      ],
    };
    dialog = (
      <ConfirmWarningsDialog
        open
        problems={problems}
        form={form}
        onConfirm={done('confirmed')}
        onCancel={done('cancelled')}
      />
    );
  }
  if (which === 'draft')
    dialog = (
      <DraftOfferDialog
        open
        savedAt={Date.UTC(2026, 10, 20, 23, 15)}
        userTimeZone={SHANGHAI}
        onRestore={done('restored')}
        onDiscard={done('discarded')}
      />
    );
  if (which === 'draftStale')
    dialog = (
      <DraftOfferDialog
        open
        savedAt={Date.UTC(2026, 10, 20, 23, 15)}
        userTimeZone={SHANGHAI}
        changedSince={{ updatedby: 'crc.wang', updatedat: '2026-11-21T01:40:00.000Z' }}
        onRestore={done('restored')}
        onDiscard={done('discarded')}
      />
    );
  if (which === 'unsaved')
    dialog = (
      <UnsavedChangesDialog open onSave={done('save')} onDiscard={done('discard')} onStay={done('stay')} />
    );
  if (which === 'schema') {
    const broken = compileForm({
      ...vsSchema,
      sections: [
        {
          id: 'S1',
          title: 'Broken',
          items: [
            { variable: 'SYSBP', label: 'SBP', fieldtype: 'integer' },
            { variable: 'SYSBP', label: 'again', fieldtype: 'integer' },
            { variable: 'COLOUR', label: 'Colour', fieldtype: 'colour' },
            { variable: 'A', label: 'A', fieldtype: 'calculated', formula: '[B] + 1' },
            { variable: 'B', label: 'B', fieldtype: 'calculated', formula: '[A] + 1' },
          ],
        },
      ],
      rules: [
        { id: 'R1', kind: 'check', expr: '[SYSBP] > ', target: 'SYSBP', severity: 'hard', message: 'x' },
      ],
    });
    dialog = <SchemaIssuesPanel issues={broken.ok ? [] : broken.issues} />;
  }
  return (
    <div style={{ padding: 16 }}>
      {dialog}
      <output data-testid="dialog-result">{result}</output>
    </div>
  );
}

const meta = {
  title: 'eCRF/Dialogs',
  component: DialogBench,
  args: { which: 'audit' },
} satisfies Meta<typeof DialogBench>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const result = (canvas: HTMLElement) => within(canvas).getByTestId('dialog-result');

/** The audit trail: first entry and a change with its reason; times in the user's zone (Shanghai, UTC+8). */
export const AuditTrail: Story = {
  play: async () => {
    const rows = await body().findAllByTestId('audit-row');
    await expect(rows).toHaveLength(2);
    await expect(within(rows[0]!).getByTestId('audit-time')).toHaveTextContent('2026-11-02 00:30');
    await expect(within(rows[1]!).getByTestId('audit-time')).toHaveTextContent('2026-11-02 09:05');
    await expect(rows[1]).toHaveTextContent('125');
    await expect(rows[1]).toHaveTextContent('Transcription error');
    await expect(rows[1]).toHaveTextContent('李娜 (crc01)');
  },
};

/**
 * Codes of code-list items (SEX, YN) shown by their label once the code list is loaded, the stored code kept visible;
 * until then (or if the list cannot be loaded) the bare code.
 */
export const AuditTrailCodeLists: Story = {
  args: { which: 'auditCodeLists' },
  parameters: codeListApi,
  play: async () => {
    const [sex, childpot] = await body().findAllByTestId('audit-row');
    await waitFor(() =>
      expect(within(sex!).getByTestId('audit-old')).toHaveTextContent(/男 \(M\)|Male \(M\)/),
    );
    await expect(within(sex!).getByTestId('audit-new')).toHaveTextContent(/女 \(F\)|Female \(F\)/);
    await waitFor(() =>
      expect(within(childpot!).getByTestId('audit-new')).toHaveTextContent(/是 \(Y\)|Yes \(Y\)/),
    );
    await expect(within(childpot!).getByTestId('audit-old')).toHaveTextContent('—');
  },
};

/** Reasons for change: OK only once every changed item has a reason; a dictionary reason applied to all. */
export const ChangeReasons: Story = {
  args: { which: 'reason' },
  play: async ({ canvasElement }) => {
    const ok = await body().findByRole('button', { name: msg('ecrf.reason.ok', undefined, true) });
    await expect(ok).toBeDisabled();
    const sysbp = within(body().getByTestId('reason-row-SYSBP'));
    await userEvent.selectOptions(sysbp.getByRole('combobox'), editReasons[0]!.code);
    await expect(ok).toBeDisabled();
    await userEvent.click(sysbp.getByRole('button', { name: msg('ecrf.reason.applyAll', undefined, true) }));
    await expect(ok).toBeEnabled();
    await userEvent.click(ok);
    await expect(result(canvasElement)).toHaveTextContent(`"DIABP":{"code":"${editReasons[0]!.code}"`);
  },
};

/** Warnings to confirm before the save: a soft range and a soft check with its own message. */
export const ConfirmWarnings: Story = {
  args: { which: 'warnings' },
  play: async ({ canvasElement }) => {
    const items = within(await body().findByTestId('warning-list')).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[1]).toHaveTextContent(/15–40/);
    await userEvent.click(
      body().getByRole('button', { name: msg('ecrf.warnings.confirm', undefined, true) }),
    );
    await expect(result(canvasElement)).toHaveTextContent('confirmed');
  },
};

/** Unsaved values kept from an earlier visit, offered back with their time in the user's zone. */
export const DraftOffer: Story = {
  args: { which: 'draft' },
  play: async ({ canvasElement }) => {
    await expect(await body().findByTestId('draft-offer-text')).toHaveTextContent('2026-11-21 07:15');
    await userEvent.click(body().getByRole('button', { name: msg('ecrf.draft.restore', undefined, true) }));
    await expect(result(canvasElement)).toHaveTextContent('restored');
  },
};

/**
 * A draft typed against an older state of the record (someone saved it since): the offer says who changed it and
 * when, in the user's zone; restoring is still the user's choice.
 */
export const DraftOfferStale: Story = {
  args: { which: 'draftStale' },
  play: async ({ canvasElement }) => {
    const stale = await body().findByTestId('draft-offer-stale');
    await expect(stale).toHaveTextContent('crc.wang');
    await expect(stale).toHaveTextContent('2026-11-21 09:40');
    await userEvent.click(body().getByRole('button', { name: msg('ecrf.draft.restore', undefined, true) }));
    await expect(result(canvasElement)).toHaveTextContent('restored');
  },
};

/** Leaving with unsaved changes: save first, discard, or stay. */
export const UnsavedChanges: Story = {
  args: { which: 'unsaved' },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await body().findByRole('button', { name: msg('ecrf.unsaved.stay', undefined, true) }),
    );
    await expect(result(canvasElement)).toHaveTextContent('stay');
  },
};

/** A malformed schema: every issue listed with its path — duplicate variable, unknown type, cycle, rule syntax. */
export const SchemaIssues: Story = {
  args: { which: 'schema' },
  play: async ({ canvasElement }) => {
    const issues = within(canvasElement).getAllByTestId('schema-issue');
    await expect(issues.length).toBeGreaterThanOrEqual(4);
    const texts = issues.map((li) => li.textContent ?? '');
    await expect(texts.some((t) => t.includes('sections[0].items[1]'))).toBe(true);
    await expect(texts.some((t) => t.includes('colour'))).toBe(true);
    await expect(texts.some((t) => t.includes('→'))).toBe(true);
  },
};
