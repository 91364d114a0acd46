/**
 * The section navigator of a long form: its sections listed in order, the current one following the scroll (an
 * IntersectionObserver, faked here: jsdom has none), and a choice scrolling to the section and focusing its first
 * field — as a side list and as a menu.
 */
import { useMemo, useRef } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateBigForm, vsSchema } from '../../../fixtures/forms';
import { metaText } from '../../../engine/metadata/metaText';
import type { CompiledForm } from '../../../engine/form/types';
import { EcrfForm } from '../../../renderers/ecrf/EcrfForm';
import { SectionNavigator, type NavSection } from '../../../renderers/ecrf/SectionNavigator';
import { compiled, Providers, t, testCtx } from './ecrfTestKit';

/** A stand-in for the browser's IntersectionObserver: the test says which sections cross the band. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.observed.add(target);
  }
  unobserve(target: Element) {
    this.observed.delete(target);
  }
  disconnect() {
    this.observed.clear();
  }
  takeRecords() {
    return [];
  }
  /** Sections (by id) entering (true) or leaving (false) the band. */
  cross(changes: Record<string, boolean>) {
    const entries = [...this.observed]
      .filter((el) => (el as HTMLElement).dataset.section! in changes)
      .map((target) => ({
        target,
        isIntersecting: changes[(target as HTMLElement).dataset.section!]!,
      })) as unknown as IntersectionObserverEntry[];
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

const lastObserver = () => FakeIntersectionObserver.instances.at(-1)!;

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function FormWithNavigator({
  form,
  variant,
  initialItems,
}: {
  form: CompiledForm;
  variant: 'list' | 'menu';
  initialItems?: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  const sections = useMemo<readonly NavSection[]>(
    () => form.sections.map((s) => ({ id: s.id, title: metaText(s.title, 'en') })),
    [form],
  );
  return (
    <>
      <SectionNavigator sections={sections} container={container} variant={variant} />
      <div ref={container}>
        <EcrfForm
          form={form}
          ctx={testCtx}
          values={{}}
          {...(initialItems === undefined ? {} : { initialItems })}
        />
      </div>
    </>
  );
}

const vs = compiled(vsSchema);
const inputOf = (variable: string) => screen.getByTestId(`ecrf-row-${variable}`).querySelector('input')!;
const link = (id: string) => screen.getByTestId(`section-link-${id}`);

describe('SectionNavigator as a side list', () => {
  it('lists the sections in order, the first current', () => {
    render(
      <Providers>
        <FormWithNavigator form={vs} variant="list" />
      </Providers>,
    );
    const nav = screen.getByRole('navigation', { name: t('ecrf.sections.label') });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Measurement', 'Blood pressure, pulse and respiration', 'Temperature and body measurements']);
    expect(link('vs')).toHaveAttribute('aria-current', 'location');
    expect(link('vs_bp')).not.toHaveAttribute('aria-current');
  });

  it('a click scrolls to the section and focuses its first field, and makes it current', async () => {
    const scrolled = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrolled;
    try {
      render(
        <Providers>
          <FormWithNavigator form={vs} variant="list" />
        </Providers>,
      );
      await userEvent.click(link('vs_body'));
      expect(inputOf('TEMP')).toHaveFocus();
      expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
      expect(scrolled.mock.contexts[0]).toHaveAttribute('data-section', 'vs_body');
      expect(link('vs_body')).toHaveAttribute('aria-current', 'location');
      await userEvent.click(link('vs_bp'));
      expect(inputOf('SYSBP')).toHaveFocus();
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('highlights the section crossing the band below the toolbar as the page scrolls', () => {
    render(
      <Providers>
        <FormWithNavigator form={vs} variant="list" />
      </Providers>,
    );
    const observer = lastObserver();
    expect(observer.observed.size).toBe(3);
    // the band starts below the toolbar and ends before the lower half of the viewport
    expect(observer.options?.rootMargin).toBe('-64px 0px -55% 0px');
    observer.cross({ vs: false, vs_bp: true });
    expect(link('vs_bp')).toHaveAttribute('aria-current', 'location');
    expect(link('vs')).not.toHaveAttribute('aria-current');
    // two in the band: the upper one
    observer.cross({ vs_body: true });
    expect(link('vs_bp')).toHaveAttribute('aria-current', 'location');
    observer.cross({ vs_bp: false });
    expect(link('vs_body')).toHaveAttribute('aria-current', 'location');
    // none in the band (a gap between sections): the last one stays
    observer.cross({ vs_body: false });
    expect(link('vs_body')).toHaveAttribute('aria-current', 'location');
  });

  it('observes sections mounted later (a long form mounts chunk by chunk)', async () => {
    const big = compiled(generateBigForm(100));
    render(
      <Providers>
        <FormWithNavigator form={big} variant="list" initialItems={10} />
      </Providers>,
    );
    expect(screen.getAllByTestId(/^section-link-/)).toHaveLength(4);
    await waitFor(() => expect(screen.getByTestId('ecrf-form')).toHaveAttribute('data-mounted', 'all'));
    await waitFor(() => expect(lastObserver().observed.size).toBe(4));
  });

  it('draws nothing for a form of one section', () => {
    const one = compiled({ ...vsSchema, sections: [vsSchema.sections[0]], rules: [] });
    const { container } = render(
      <Providers>
        <FormWithNavigator form={one} variant="list" />
      </Providers>,
    );
    expect(screen.queryByTestId('section-navigator')).toBeNull();
    expect(container.querySelector('nav')).toBeNull();
  });
});

describe('SectionNavigator as a menu (narrow screens)', () => {
  it('names the current section on its button; choosing a section focuses its first field', async () => {
    render(
      <Providers>
        <FormWithNavigator form={vs} variant="menu" />
      </Providers>,
    );
    const button = screen.getByTestId('section-navigator');
    expect(button).toHaveTextContent(t('ecrf.sections.current', { title: 'Measurement' }));
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await userEvent.click(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(3);
    await userEvent.click(within(menu).getByText('Blood pressure, pulse and respiration'));
    await waitFor(() => expect(inputOf('SYSBP')).toHaveFocus());
    expect(button).toHaveTextContent('Blood pressure, pulse and respiration');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('works by keyboard: open with Enter, move with the arrows, choose with Enter', async () => {
    render(
      <Providers>
        <FormWithNavigator form={vs} variant="menu" />
      </Providers>,
    );
    screen.getByTestId('section-navigator').focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(inputOf('TEMP')).toHaveFocus());
  });
});
