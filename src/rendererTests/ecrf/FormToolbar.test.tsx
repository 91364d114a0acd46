/**
 * The sticky form toolbar: name and status, the unsaved flag, the errors shown with a jump to the first, the room it
 * keeps clear at the top of the scroll container; and the record actions' keyboard shortcut (Ctrl+S / ⌘S) taken
 * only inside the page, once, with the browser's own use prevented.
 */
import { useRef, type ReactNode } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { vsSchema } from '../../../fixtures/forms';
import { RecordActionBar } from '../../../renderers/actions/RecordActionBar';
import type { RecordAction, RecordActionContext } from '../../../renderers/actions/recordActions';
import { FormToolbar, type FormToolbarProps } from '../../../renderers/ecrf/FormToolbar';
import { compiled, fakeClient, Providers, t } from './ecrfTestKit';

const noop = () => {};

function toolbar(props: Partial<FormToolbarProps> = {}) {
  return (
    <FormToolbar
      title="Vital signs"
      status="1"
      unsaved={false}
      errorCount={0}
      onJumpToError={noop}
      actions={<button type="button">act</button>}
      {...props}
    />
  );
}

describe('FormToolbar', () => {
  it('shows the form name and its entry status; no unsaved flag nor error count on a clean form', () => {
    render(<Providers>{toolbar()}</Providers>);
    const bar = screen.getByRole('region', { name: t('ecrf.toolbar.label') });
    expect(within(bar).getByTestId('form-toolbar-title')).toHaveTextContent('Vital signs');
    expect(within(bar).getByTestId('form-toolbar-status')).toHaveTextContent(t('visit.status.1'));
    expect(within(bar).queryByTestId('form-unsaved')).toBeNull();
    expect(within(bar).queryByTestId('form-error-count')).toBeNull();
    expect(within(bar).queryByTestId('form-first-error')).toBeNull();
    expect(within(bar).getByRole('button', { name: 'act' })).toBeInTheDocument();
  });

  it('says unsaved changes and the count of errors in a live region, and jumps to the first error', async () => {
    const onJumpToError = vi.fn();
    render(<Providers>{toolbar({ unsaved: true, errorCount: 3, onJumpToError })}</Providers>);
    const live = screen.getByRole('status');
    expect(within(live).getByTestId('form-unsaved')).toHaveTextContent(t('ecrf.toolbar.unsaved'));
    expect(within(live).getByTestId('form-error-count')).toHaveTextContent(
      t('ecrf.toolbar.errors', { count: 3 }),
    );
    await userEvent.click(screen.getByRole('button', { name: t('ecrf.toolbar.firstError') }));
    expect(onJumpToError).toHaveBeenCalledTimes(1);
  });

  it('sticks to the top, and keeps the top of its scroll container clear while mounted', () => {
    function Scroller({ children }: { children: ReactNode }) {
      return (
        <div data-testid="scroller" style={{ overflowY: 'auto', height: 300 }}>
          <div>{children}</div>
        </div>
      );
    }
    const { unmount } = render(
      <Providers>
        <Scroller>{toolbar()}</Scroller>
      </Providers>,
    );
    const bar = screen.getByTestId('form-toolbar');
    expect(getComputedStyle(bar).position).toBe('sticky');
    expect(getComputedStyle(bar).top).toBe('0px');
    const scroller = screen.getByTestId('scroller');
    // (jsdom lays nothing out: the toolbar is 0 px high, the margin remains)
    expect(scroller.style.scrollPaddingTop).toBe('8px');
    expect(bar.parentElement?.style.getPropertyValue('--ecrf-toolbar-height')).toBe('0px');
    expect(document.documentElement.style.scrollPaddingTop).toBe('');
    unmount();
    expect(scroller.style.scrollPaddingTop).toBe('');
  });

  it('uses the document as the scroll container when no ancestor scrolls', () => {
    const { unmount } = render(<Providers>{toolbar()}</Providers>);
    expect(document.documentElement.style.scrollPaddingTop).toBe('8px');
    unmount();
    expect(document.documentElement.style.scrollPaddingTop).toBe('');
  });
});

describe('the record actions in the toolbar: keyboard shortcuts', () => {
  const form = compiled(vsSchema);

  function setup(action: Partial<RecordAction> = {}, ctx: Partial<RecordActionContext> = {}) {
    const run = vi.fn();
    const save: RecordAction = {
      id: 'enter',
      order: 10,
      scope: 'form',
      capability: 'enter',
      labelId: 'formPage.save',
      primary: true,
      shortcutKey: 's',
      testId: 'form-save',
      disabled: ({ busy }) => busy,
      run,
      ...action,
    };
    const context = {
      form,
      record: null,
      capabilities: new Set(['enter']),
      keys: { subjectid: 's', visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' },
      lineno: null,
      client: fakeClient(),
      controller: { current: null },
      userTimeZone: 'Asia/Shanghai',
      save: () => Promise.resolve(true),
      busy: false,
      reload: noop,
      ...ctx,
    } as RecordActionContext;
    function Page() {
      const scope = useRef<HTMLDivElement>(null);
      return (
        <>
          <div ref={scope} data-testid="page">
            {toolbar({
              actions: (
                <RecordActionBar actions={[save]} ctx={context} readOnly={false} shortcutScope={scope} />
              ),
            })}
            <input aria-label="field" />
          </div>
          <input aria-label="elsewhere" />
        </>
      );
    }
    render(
      <Providers>
        <Page />
      </Providers>,
    );
    return { run, field: screen.getByLabelText('field'), elsewhere: screen.getByLabelText('elsewhere') };
  }

  const press = (target: Element, init: KeyboardEventInit = { ctrlKey: true }) =>
    fireEvent.keyDown(target, { key: 's', code: 'KeyS', ...init });

  it('Ctrl+S and ⌘S in the page run the action once each, the browser not saving the page', () => {
    const { run, field } = setup();
    expect(press(field)).toBe(false);
    expect(run).toHaveBeenCalledTimes(1);
    expect(press(field, { metaKey: true })).toBe(false);
    expect(run).toHaveBeenCalledTimes(2);
    // a key held down repeats: still prevented, not run again
    expect(press(field, { ctrlKey: true, repeat: true })).toBe(false);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('leaves other keys and chords alone, and keys pressed outside the page', () => {
    const { run, field, elsewhere } = setup();
    expect(press(field, {})).toBe(true);
    expect(press(field, { ctrlKey: true, shiftKey: true })).toBe(true);
    expect(press(field, { ctrlKey: true, altKey: true })).toBe(true);
    expect(fireEvent.keyDown(field, { key: 'd', ctrlKey: true })).toBe(true);
    expect(press(elsewhere)).toBe(true);
    expect(run).not.toHaveBeenCalled();
  });

  it('does not run a disabled action (a save under way), yet keeps the browser from saving the page', () => {
    const { run, field } = setup({}, { busy: true });
    expect(press(field)).toBe(false);
    expect(run).not.toHaveBeenCalled();
  });

  it('opens the dialog of an action that has one', async () => {
    function Dialog() {
      return <div role="dialog" aria-label="the dialog" />;
    }
    const { field } = setup({ run: undefined, Dialog });
    press(field);
    expect(await screen.findByRole('dialog', { name: 'the dialog' })).toBeInTheDocument();
  });

  it('shows the shortcut on the button', () => {
    setup();
    const button = screen.getByTestId('form-save');
    expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+S Meta+S');
    expect(button.getAttribute('title')).toMatch(/(Ctrl\+S|⌘S)/);
  });
});
