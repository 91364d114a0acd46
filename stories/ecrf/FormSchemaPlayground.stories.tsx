/**
 * The form-schema playground (the builders' workbench, renderers/builder): a schema in a real editor, checked by the
 * engine as soon as the builder pauses — every problem a marker at its exact place (JSON syntax by offset, schema
 * issues at their path, rule errors at their position inside the expression) and an entry of the problem list that
 * jumps there — beside the data-entry form it makes. `Playground` is the builders' own (edits kept across language
 * switches and reloads); the other stories are scripted checks that keep nothing.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import type { ImportResult, StudyImporter } from '../../engine/interchange/types';
import { dmSchema, vsSchema } from '../../fixtures/forms';
import { lineAndColumn } from '../../renderers/builder/jsonSyntax';
import { encodeShared, SHARE_PARAM } from '../../renderers/builder/shareLink';
import { editorCursor, editorMarkers, editorText, setEditorText } from '../support/editorKit';
import { Remounting } from '../support/Remounting';
import { msg } from '../support/storyText';
import { codeListApi } from './support/EcrfStory';
import { FormSchemaPlayground } from './support/FormSchemaPlayground';

const meta = {
  title: 'eCRF/Form schema playground',
  component: FormSchemaPlayground,
  args: { schema: vsSchema },
  argTypes: { draftKey: { control: false }, importers: { control: false } },
  parameters: codeListApi,
} satisfies Meta<typeof FormSchemaPlayground>;

export default meta;
type Story = StoryObj<typeof meta>;

const ID = 'schema';
const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const edit = (canvas: HTMLElement, value: unknown) =>
  setEditorText(canvas, ID, typeof value === 'string' ? value : pretty(value));
const problems = (canvas: HTMLElement) => within(canvas).getByTestId(`builder-problems-${ID}`);

const [vsFirst, ...vsRest] = vsSchema.sections;
/** The vital signs schema with more items at the end of its first section. */
const withItems = (...items: unknown[]) => ({
  ...vsSchema,
  sections: [{ ...vsFirst!, items: [...vsFirst!.items, ...items] }, ...vsRest],
});

/**
 * The builders' playground: opens the vital signs example unchanged (or the edits kept from last time, or a share
 * link's schema). Pick another schema above the editor; Controls' `schema` opens one too.
 */
export const Playground: Story = {
  args: { draftKey: 'form-schema' },
};

/** No problems in the example; a new item appears in the preview once the builder pauses. */
export const AddingAnItem: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(problems(canvasElement)).toHaveTextContent(msg('builder.noIssues'));
    await expect(canvas.getByTestId('ecrf-row-SYSBP')).toBeInTheDocument();
    await expect(canvas.queryByTestId('ecrf-row-VSCOMM')).toBeNull();
    edit(
      canvasElement,
      withItems({ variable: 'VSCOMM', label: { zh_CN: '备注', en: 'Comment' }, fieldtype: 'textarea' }),
    );
    await expect(await canvas.findByTestId('ecrf-row-VSCOMM')).toBeInTheDocument();
  },
};

/**
 * Breaking the schema: each issue a marker at its path's place and an entry of the list; clicking an entry puts the
 * cursor there. A missing comma: a marker on the line where JSON stops, the preview stays as it was.
 */
export const BreakingTheSchema: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = vsFirst!.items;
    const text = pretty(
      withItems({ ...items[0]!, label: 'dup' }, { variable: 'X1', label: 'X', fieldtype: 'colour' }),
    );
    edit(canvasElement, text);
    await waitFor(() => expect(canvas.getAllByTestId('builder-problem')).toHaveLength(2));
    const colour = text.indexOf('"colour"');
    // the editor's lint markers follow the problem list (their own dispatch): wait for them too
    await waitFor(() =>
      expect(
        editorMarkers(canvasElement, ID).some(
          (m) => m.from === colour && m.to === colour + '"colour"'.length,
        ),
      ).toBe(true),
    );
    // partial preview: the broken item in place with its problem, the rest of the form working
    const brokenAt = `sections[0].items[${items.length + 1}]`;
    await expect(await canvas.findByTestId(`builder-broken-${brokenAt}`)).toHaveTextContent('colour');
    await expect(canvas.getByTestId('ecrf-row-SYSBP')).toBeInTheDocument();
    await expect(canvas.queryByTestId('playground-stale')).toBeNull();

    // the problem list jumps to the place
    const entry = canvas.getAllByTestId('builder-problem').find((e) => e.textContent?.includes('colour'))!;
    await userEvent.click(entry);
    await waitFor(() => expect(editorCursor(canvasElement, ID).pos).toBe(colour));
    await expect(editorCursor(canvasElement, ID).line).toBe(lineAndColumn(text, colour).line);

    // back to the example, then a missing comma
    await userEvent.click(canvas.getByRole('button', { name: msg('builder.restore', undefined, true) }));
    await waitFor(() => expect(problems(canvasElement)).toHaveTextContent(msg('builder.noIssues')));
    const good = pretty(vsSchema);
    const comma = good.indexOf(',\n  "tid"');
    const broken = good.slice(0, comma) + good.slice(comma + 1);
    edit(canvasElement, broken);
    const at = lineAndColumn(broken, broken.indexOf('"tid"'));
    await waitFor(() =>
      expect(problems(canvasElement)).toHaveTextContent(msg('builder.jsonError', { ...at, found: '"' })),
    );
    await waitFor(() => expect(editorMarkers(canvasElement, ID)[0]?.line).toBe(at.line));
    await expect(canvas.getByTestId('playground-stale')).toBeInTheDocument();
    await expect(canvas.getByTestId('ecrf-row-SYSBP')).toBeInTheDocument();
  },
};

/** A rule's syntax error is marked at its position inside the expression string; an unknown variable at its name. */
export const RuleErrorsInPlace: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rules = [
      { id: 'R1', kind: 'show', expr: '[SYSBP] > > 1', target: 'DIABP' },
      { id: 'R2', kind: 'show', expr: '[SYSBP] > [NOPE]', target: 'PULSE' },
    ];
    const text = pretty({ ...vsSchema, rules });
    edit(canvasElement, text);
    await waitFor(() => expect(canvas.getAllByTestId('builder-problem')).toHaveLength(2));
    const second = text.indexOf('[SYSBP] > > 1') + '[SYSBP] > '.length;
    const nope = text.indexOf('[NOPE]');
    await waitFor(() => {
      const markers = editorMarkers(canvasElement, ID);
      expect(markers.some((m) => m.from === second && m.to === second + 1)).toBe(true);
      expect(markers.some((m) => m.from === nope && m.to === nope + '[NOPE]'.length)).toBe(true);
    });
  },
};

/** A select naming a code list the study does not have: reported, and marked on the name. */
export const UnknownCodeList: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const text = pretty(
      withItems({ variable: 'VSARM', label: 'Arm', fieldtype: 'select', codelisttype: 'ARMS' }),
    );
    edit(canvasElement, text);
    await waitFor(() => expect(canvas.getAllByTestId('builder-problem')).toHaveLength(1));
    await expect(problems(canvasElement)).toHaveTextContent(
      msg('form.unknownCodeList', {
        codelisttype: 'ARMS',
        known: 'SEX, SUBJSTATUS, YN, QUERYSTATUS, QUERYKIND, FREEZESTATUS, FREEZEACTION, FREEZELEVEL',
      }),
    );
    const at = text.indexOf('"ARMS"');
    await waitFor(() =>
      expect(editorMarkers(canvasElement, ID)).toEqual([
        expect.objectContaining({ from: at, to: at + '"ARMS"'.length, severity: 'error' }),
      ]),
    );
  },
};

/** A cycle among calculated items and a rule reading an unknown variable. */
export const CyclesAndReferences: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    edit(canvasElement, {
      formid: 'CYC',
      tid: 'CYC',
      name: 'Cycle',
      version: 1,
      sections: [
        {
          id: 'S',
          title: 'S',
          items: [
            { variable: 'A', label: 'A', fieldtype: 'calculated', formula: '[B] + 1' },
            { variable: 'B', label: 'B', fieldtype: 'calculated', formula: '[A] + 1' },
            { variable: 'C', label: 'C', fieldtype: 'integer' },
          ],
        },
      ],
      rules: [{ id: 'R1', kind: 'show', expr: '[NOPE] = 1', target: 'C' }],
    });
    await waitFor(() => expect(canvas.getAllByTestId('builder-problem').length).toBeGreaterThanOrEqual(2));
    const texts = canvas.getAllByTestId('builder-problem').map((i) => i.textContent ?? '');
    await expect(texts.some((t) => t.includes('→'))).toBe(true);
    await expect(texts.some((t) => t.includes('NOPE'))).toBe(true);
  },
};

/** An item's `default` shows in the preview; values typed into the preview stay while the schema is edited. */
export const DefaultsAndTypedValues: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    edit(
      canvasElement,
      withItems({ variable: 'VSNOTE', label: 'Note', fieldtype: 'text', default: 'none reported' }),
    );
    const note = await canvas.findByTestId('ecrf-row-VSNOTE');
    await expect(within(note).getByRole('textbox')).toHaveValue('none reported');
    const pulse = within(canvas.getByTestId('ecrf-row-PULSE')).getByRole('textbox');
    await userEvent.type(pulse, '72');
    edit(
      canvasElement,
      withItems(
        { variable: 'VSNOTE', label: 'Note', fieldtype: 'text', default: 'none reported' },
        { variable: 'VSCOMM', label: 'Comment', fieldtype: 'textarea' },
      ),
    );
    await canvas.findByTestId('ecrf-row-VSCOMM');
    await expect(within(canvas.getByTestId('ecrf-row-PULSE')).getByRole('textbox')).toHaveValue('72');
  },
};

/** The builder's edit survives a language switch (Storybook remounts the story) and a reload. */
export const EditSurvivesLanguageSwitch: Story = {
  args: { draftKey: 'story-language-switch' },
  render: (args) => (
    <Remounting>
      <FormSchemaPlayground {...args} />
    </Remounting>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: msg('builder.restore', undefined, true) }));
    const edited = pretty(withItems({ variable: 'VSCOMM', label: 'Comment', fieldtype: 'textarea' }));
    edit(canvasElement, edited);
    await canvas.findByTestId('ecrf-row-VSCOMM');
    const before = canvas.getByTestId('story-locale').textContent;
    await userEvent.click(canvas.getByTestId('story-switch-language'));
    await waitFor(() => expect(canvas.getByTestId('story-locale').textContent).not.toBe(before));
    await waitFor(() => expect(editorText(canvasElement, ID)).toBe(edited));
    await expect(await canvas.findByTestId('ecrf-row-VSCOMM')).toBeInTheDocument();
    await expect(canvas.getByTestId('builder-source')).toHaveTextContent(msg('builder.fromDraft'));
    await userEvent.click(canvas.getByTestId('story-reload'));
    await waitFor(() => expect(editorText(canvasElement, ID)).toBe(edited));
    // leave the example for the next visit
    await userEvent.click(canvas.getByRole('button', { name: msg('builder.restore', undefined, true) }));
  },
};

/** A share link carries the schema in the address: opened, it shows the same schema. */
export const ShareLinkOpensTheSameSchema: Story = {
  args: { draftKey: 'story-share-link' },
  render: (args) => (
    <Remounting>
      <FormSchemaPlayground {...args} />
    </Remounting>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const edited = pretty(withItems({ variable: 'VSSHARE', label: 'Shared', fieldtype: 'text' }));
    edit(canvasElement, edited);
    await canvas.findByTestId('ecrf-row-VSSHARE');
    await userEvent.click(canvas.getByRole('button', { name: msg('builder.share', undefined, true) }));
    const link = (await canvas.findByTestId('builder-share-link')) as HTMLInputElement;
    const url = new URL(link.value);
    await expect(url.hash).toBe(`#${SHARE_PARAM}=${encodeShared(edited)}`);

    // open the link in this frame: the example first (no draft), then the address carries the schema
    const before = window.location.href;
    await userEvent.click(canvas.getByRole('button', { name: msg('builder.restore', undefined, true) }));
    window.history.replaceState(null, '', `${window.location.pathname}${url.search}${url.hash}`);
    try {
      localStorage.removeItem('edcweb.builder.story-share-link');
      await userEvent.click(canvas.getByTestId('story-reload'));
      await waitFor(() => expect(editorText(canvasElement, ID)).toBe(edited));
      await expect(await canvas.findByTestId('ecrf-row-VSSHARE')).toBeInTheDocument();
      await expect(canvas.getByTestId('builder-source')).toHaveTextContent(msg('builder.fromLink'));
    } finally {
      window.history.replaceState(null, '', before);
      localStorage.removeItem('edcweb.builder.story-share-link');
    }
  },
};

/** Trying the form: generated valid values fill the preview; the try panel says what is hidden and why, and what a save stores. */
export const TryTheForm: Story = {
  args: { schema: dmSchema },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('ecrf-row-SEX');
    await userEvent.click(canvas.getByRole('button', { name: msg('builder.fillValid', undefined, true) }));
    await userEvent.click(canvas.getByRole('tab', { name: msg('builder.tryForm', undefined, true) }));
    const saved = await canvas.findByTestId('builder-saved-values');
    const values = JSON.parse(saved.textContent ?? '{}') as Record<string, unknown>;
    await expect(Object.values(values).filter((v) => v !== null).length).toBeGreaterThan(3);
    // RACEOTH is shown only when RACE contains OTHER: hidden or not, the panel agrees with the values
    const hidden = within(canvas.getByTestId('builder-hidden'));
    const race = values.RACE;
    const raceOther = Array.isArray(race) && race.includes('OTHER');
    await expect(hidden.queryByText('RACEOTH') !== null).toBe(!raceOther);
    if (!raceOther) await expect(canvas.getByTestId('builder-hidden')).toHaveTextContent('DM_RACEOTH_SHOW');
  },
};

/** Comparing versions: an item removed since the version as opened is listed with the records it affects. */
export const CompareVersions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first] = vsSchema.sections;
    const kept = { ...vsSchema, sections: [{ ...first!, items: first!.items.slice(1) }, ...vsRest] };
    edit(canvasElement, kept);
    await waitFor(() => expect(canvas.queryByTestId('ecrf-row-VSDAT')).toBeNull());
    await userEvent.click(canvas.getByRole('tab', { name: msg('builder.compare', undefined, true) }));
    await userEvent.click(
      canvas.getByRole('combobox', { name: msg('builder.compareWith', undefined, true) }),
    );
    await userEvent.click(
      await within(document.body).findByRole('option', {
        name: msg('builder.compareOpened', undefined, true),
      }),
    );
    const change = await canvas.findByTestId('builder-change');
    await expect(change).toHaveTextContent('VSDAT');
  },
};

/** A study file as an importer would give it (hand-built: the workbench is tested apart from the real importers). */
const importedStudy: ImportResult = {
  definition: {
    studycode: 'IMP-001',
    name: { zh_CN: '导入的研究', en: 'Imported study' },
    description: null,
    version: 'MDV.1',
    visits: [],
    forms: [
      {
        formid: 'RAND',
        tid: 'RAND',
        name: { zh_CN: '随机化', en: 'Randomisation' },
        version: 1,
        sections: [
          {
            id: 'S1',
            title: { zh_CN: '随机化', en: 'Randomisation' },
            items: [
              {
                variable: 'RANDARM',
                label: { zh_CN: '组别', en: 'Arm' },
                fieldtype: 'select',
                codelisttype: 'ARM',
              },
            ],
          },
        ],
      },
      {
        formid: 'DEMO',
        tid: 'DEMO',
        name: { zh_CN: '人口学', en: 'Demographics' },
        version: 1,
        sections: [
          {
            id: 'S1',
            title: { zh_CN: '人口学', en: 'Demographics' },
            items: [
              {
                variable: 'SEX',
                label: { zh_CN: '性别', en: 'Sex' },
                fieldtype: 'radio',
                codelisttype: 'SEX',
              },
            ],
          },
        ],
      },
    ],
    codeLists: [
      {
        name: 'ARM',
        dataType: 'text',
        items: [
          { codevalue: 'A', codedesp: { zh_CN: '试验组', en: 'Treatment' } },
          { codevalue: 'B', codedesp: { zh_CN: '对照组', en: 'Control' } },
        ],
      },
    ],
  },
  issues: [
    {
      severity: 'warning',
      at: 'ItemDef[@OID="IT.RANDDT"]',
      messageId: 'interchange.issue.notImplemented',
      values: {},
    },
    {
      severity: 'info',
      at: 'line 7',
      messageId: 'interchange.issue.fromTheFuture',
      values: { field: 'slider' },
    },
  ],
  counts: { forms: 2, codeLists: 1 },
};
const fakeImporter: StudyImporter = { format: 'odm', detect: () => true, read: () => importedStudy };

/**
 * Opening a study file (ODM or REDCap, recognised by its content): its forms in a picker, the first one in the
 * editor, its code lists the catalogue the check uses (a list the file lacks is reported even if the demo study has
 * it), and the import's findings translated — one whose id the catalogue does not know yet named as it is.
 */
export const OpeningAStudyFile: Story = {
  args: { importers: () => fakeImporter },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('ecrf-row-SYSBP');
    const file = new File(['<?xml version="1.0"?><ODM/>'], 'study.xml', { type: 'text/xml' });
    await userEvent.upload(canvas.getByTestId('builder-file'), file);
    await expect(await canvas.findByTestId('builder-import-summary')).toHaveTextContent('study.xml');
    // the first form opened, checked against the file's code lists (ARM is the file's, not the demo study's)
    await waitFor(() =>
      expect(editorText(canvasElement, ID)).toBe(pretty(importedStudy.definition!.forms[0])),
    );
    await canvas.findByTestId('ecrf-row-RANDARM');
    await expect(problems(canvasElement)).toHaveTextContent(msg('builder.noIssues'));
    const issues = canvas.getByTestId('builder-import-issues');
    await expect(issues).toHaveTextContent(msg('interchange.issue.notImplemented'));
    await expect(issues).toHaveTextContent('interchange.issue.fromTheFuture');
    // the other form: SEX is a demo-study list the file does not have
    const picker = canvas.getByTestId('builder-import-form') as HTMLSelectElement;
    await expect([...picker.options].map((o) => o.value)).toEqual(['', 'RAND', 'DEMO']);
    fireEvent.change(picker, { target: { value: 'DEMO' } });
    await canvas.findByTestId('ecrf-row-SEX');
    await waitFor(() =>
      expect(problems(canvasElement)).toHaveTextContent(
        msg('form.unknownCodeList', { codelisttype: 'SEX', known: 'ARM' }),
      ),
    );
    // back to the demo study: its code lists again
    await userEvent.click(canvas.getByRole('button', { name: msg('builder.restore', undefined, true) }));
    await waitFor(() => expect(canvas.queryByTestId('builder-import')).toBeNull());
    await expect(problems(canvasElement)).toHaveTextContent(msg('builder.noIssues'));
  },
};

/** A file that is neither JSON nor a study format is refused with its name, and the editor keeps its text. */
export const OpeningAnUnknownFile: Story = {
  args: { importers: () => null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('ecrf-row-SYSBP');
    const before = editorText(canvasElement, ID);
    await userEvent.upload(
      canvas.getByTestId('builder-file'),
      new File(['just some notes'], 'notes.txt', { type: 'text/plain' }),
    );
    await expect(await canvas.findByTestId('builder-unread-file')).toHaveTextContent(
      msg('builder.import.unknownFormat', { fileName: 'notes.txt' }),
    );
    await expect(editorText(canvasElement, ID)).toBe(before);
  },
};
