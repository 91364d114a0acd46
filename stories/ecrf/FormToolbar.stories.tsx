/**
 * The sticky form toolbar over a long form, as the form page composes it: name and status, Save (Ctrl+S / ⌘S), the
 * unsaved flag, the errors shown with a jump to the first, and the section navigator — a side list on a wide
 * screen, a menu in the toolbar on a narrow one. The save here validates in the browser only (no server).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import Box from '@mui/material/Box';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { compileFormCached } from '../../engine/form';
import type { FormProblems, FormValues, RawFormSchema } from '../../engine/form/types';
import { metaText } from '../../engine/metadata/metaText';
import { bigFormVariable, generateBigForm, vsSchema } from '../../fixtures/forms';
import { enterAction } from '../../renderers/actions/builtinActions';
import { RecordActionBar } from '../../renderers/actions/RecordActionBar';
import type { RecordActionContext } from '../../renderers/actions/recordActions';
import { useApiClient } from '../../renderers/apiClientContext';
import type { EcrfFormController } from '../../renderers/ecrf/controller';
import { EcrfForm } from '../../renderers/ecrf/EcrfForm';
import { FormToolbar } from '../../renderers/ecrf/FormToolbar';
import { SectionNavigator, type NavSection } from '../../renderers/ecrf/SectionNavigator';
import { SchemaIssuesPanel } from '../../renderers/ecrf/SchemaIssuesPanel';
import { useEngineLocale } from '../../renderers/search/metadataText';
import { msg } from '../support/storyText';
import { codeListApi, STORY_FORM_CTX } from './support/EcrfStory';

interface ToolbarStoryProps {
  schema: RawFormSchema;
  /** Where the section navigator goes: a side list (wide screens) or a menu in the toolbar (narrow). */
  navigator: 'list' | 'menu';
  values?: FormValues;
}

const errorsIn = (problems: FormProblems) =>
  Object.values(problems).filter((list) => list.some((p) => p.level === 'error')).length;

function ToolbarStory({ schema, navigator, values = {} }: ToolbarStoryProps) {
  const compiled = useMemo(() => compileFormCached(schema as object), [schema]);
  const locale = useEngineLocale();
  const client = useApiClient();
  const controller = useRef<EcrfFormController>(null);
  const page = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const [unsaved, setUnsaved] = useState(false);
  const [errorCount, setErrorCount] = useState(0);
  const [saves, setSaves] = useState(0);
  const form = compiled.ok ? compiled.form : null;
  const sections = useMemo<readonly NavSection[]>(
    () => form?.sections.map((s) => ({ id: s.id, title: metaText(s.title, locale) })) ?? [],
    [form, locale],
  );
  const count = useCallback(() => setErrorCount(errorsIn(controller.current?.shownProblems() ?? {})), []);
  const save = useCallback(async () => {
    const c = controller.current;
    if (!c) return false;
    const found = c.validateAll();
    count();
    if (errorsIn(found) > 0) {
      c.focusFirstProblem();
      return false;
    }
    c.reset(c.getValues());
    setUnsaved(false);
    setSaves((n) => n + 1);
    return Promise.resolve(true);
  }, [count]);
  if (!form) return <SchemaIssuesPanel issues={compiled.ok ? [] : compiled.issues} />;
  const ctx: RecordActionContext = {
    form,
    record: null,
    capabilities: new Set(['enter']),
    keys: { subjectid: 'BJ01-0001', visitnum: 'EXT', cycnum: 1, svnum: 1, tid: form.tid },
    lineno: null,
    client,
    controller,
    userTimeZone: 'Asia/Shanghai',
    save,
    busy: false,
    reload: () => {},
  };
  const nav = <SectionNavigator sections={sections} container={container} variant={navigator} />;
  return (
    <Box ref={page} sx={{ p: 2, maxWidth: 1200 }}>
      <output data-testid="story-saves" style={{ display: 'block', fontSize: 12 }}>
        {`saves=${saves}`}
      </output>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <FormToolbar
          title={metaText(form.name, locale)}
          status={saves > 0 ? '1' : '0'}
          unsaved={unsaved}
          errorCount={errorCount}
          onJumpToError={() => controller.current?.focusFirstProblem()}
          actions={
            <RecordActionBar actions={[enterAction]} ctx={ctx} readOnly={false} shortcutScope={page} />
          }
          navigator={navigator === 'menu' ? nav : undefined}
        />
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Box ref={container} sx={{ flex: 1, minWidth: 0 }}>
            <EcrfForm
              form={form}
              ctx={STORY_FORM_CTX}
              values={values}
              controllerRef={controller}
              onChange={() => {
                setUnsaved(controller.current?.isDirty() ?? false);
                count();
              }}
            />
          </Box>
          {navigator === 'list' ? nav : null}
        </Box>
      </Box>
    </Box>
  );
}

const meta = {
  title: 'eCRF/Form toolbar',
  component: ToolbarStory,
  args: { schema: generateBigForm(100), navigator: 'list' },
  parameters: codeListApi,
} satisfies Meta<typeof ToolbarStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const inputOf = (canvas: HTMLElement, variable: string) =>
  within(canvas).getByTestId(`ecrf-row-${variable}`).querySelector<HTMLInputElement>('input')!;

/**
 * A 100-item form (4 sections) with the side list: a section chosen in the list gets the focus in its first field;
 * typing sets the unsaved flag, Ctrl+S in a field saves and drops it.
 */
export const LongFormWithSideList: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toolbar = canvas.getByTestId('form-toolbar');
    await expect(within(toolbar).getByTestId('form-save')).toBeInTheDocument();
    const nav = canvas.getByRole('navigation', { name: msg('ecrf.sections.label', undefined, true) });
    const links = within(nav).getAllByRole('button');
    await expect(links).toHaveLength(4);
    await userEvent.click(links[2]!);
    // the first field of the third section
    const first = inputOf(canvasElement, bigFormVariable(2, 0));
    await waitFor(() => expect(first).toHaveFocus());
    fireEvent.change(first, { target: { value: 'typed' } });
    await waitFor(() => expect(within(toolbar).getByTestId('form-unsaved')).toBeInTheDocument());
    fireEvent.keyDown(first, { key: 's', ctrlKey: true });
    await waitFor(() => expect(canvas.getByTestId('story-saves')).toHaveTextContent('saves=1'));
    await waitFor(() => expect(within(toolbar).queryByTestId('form-unsaved')).toBeNull());
  },
};

/** A narrow screen: the sections as a menu in the toolbar; choosing one focuses its first field. */
export const NarrowWithSectionMenu: Story = {
  args: { schema: vsSchema, navigator: 'menu' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = within(canvas.getByTestId('form-toolbar')).getByTestId('section-navigator');
    await userEvent.click(button);
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu');
    await userEvent.click(within(menu).getByTestId('section-link-vs_bp'));
    await waitFor(() => expect(inputOf(canvasElement, 'SYSBP')).toHaveFocus());
  },
};

/** A refused save: the errors are counted in the toolbar, the first has the focus, the jump brings it back. */
export const ErrorsShown: Story = {
  args: { schema: vsSchema, navigator: 'menu', values: { SYSBP: '12a' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toolbar = canvas.getByTestId('form-toolbar');
    await userEvent.click(within(toolbar).getByTestId('form-save'));
    const count = await within(toolbar).findByTestId('form-error-count');
    await expect(count).toHaveTextContent(msg('ecrf.toolbar.errors', { count: 2 }));
    await waitFor(() => expect(inputOf(canvasElement, 'VSDAT')).toHaveFocus());
    inputOf(canvasElement, 'PULSE').focus();
    await userEvent.click(within(toolbar).getByTestId('form-first-error'));
    await expect(inputOf(canvasElement, 'VSDAT')).toHaveFocus();
    await expect(canvas.getByTestId('story-saves')).toHaveTextContent('saves=0');
  },
};
