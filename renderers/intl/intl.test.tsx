import { parse } from '@formatjs/icu-messageformat-parser';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createIntl, FormattedMessage, IntlProvider, useIntl, type IntlError } from '.';

/** Test ids are not catalogue ids: kept out of the message extraction (scripts/check-messages.ts). */
const d = (id: string, defaultMessage?: string) => ({ id, defaultMessage });
const ID = { count: 'count', bold: 'bold' } as const;

const messages = {
  plain: '保存',
  greet: 'Hello {name}',
  count: '{n, plural, one {# query} other {# queries}}',
  quoted: "Type '{'name'}' literally",
  bold: 'Saved by {who}',
};

describe('createIntl', () => {
  it('formats ICU messages with their values, from text or from the precompiled AST alike', () => {
    const errors: IntlError[] = [];
    const text = createIntl({ locale: 'en', messages, onError: (e) => errors.push(e) });
    const ast = createIntl({
      locale: 'en',
      messages: Object.fromEntries(Object.entries(messages).map(([id, m]) => [id, parse(m)])),
      onError: (e) => errors.push(e),
    });
    for (const intl of [text, ast]) {
      expect(intl.formatMessage(d('plain'))).toBe('保存');
      expect(intl.formatMessage(d('greet'), { name: 'Li' })).toBe('Hello Li');
      expect(intl.formatMessage(d('count'), { n: 1 })).toBe('1 query');
      expect(intl.formatMessage(d('count'), { n: 3 })).toBe('3 queries');
      expect(intl.formatMessage(d('quoted'))).toBe('Type {name} literally');
    }
    expect(errors).toEqual([]);
  });

  it('shows a missing message as its default text, else as its id, and reports it', () => {
    const onError = vi.fn();
    const intl = createIntl({ locale: 'en', messages, defaultLocale: 'zh-CN', onError });
    expect(intl.formatMessage(d('nope', 'Fallback {x}'), { x: 1 })).toBe('Fallback 1');
    expect(intl.formatMessage(d('nope.either'))).toBe('nope.either');
    expect(onError).toHaveBeenCalledTimes(2);
    expect((onError.mock.calls[0]?.[0] as IntlError).code).toBe('MISSING_TRANSLATION');
  });

  it('does not report a default message shown in the default locale', () => {
    const onError = vi.fn();
    const intl = createIntl({ locale: 'zh-CN', messages: {}, defaultLocale: 'zh-CN', onError });
    expect(intl.formatMessage(d('x', '默认'))).toBe('默认');
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports a message that cannot be formatted and shows its text instead of failing the page', () => {
    const onError = vi.fn();
    const intl = createIntl({ locale: 'en', messages: { broken: 'Hello {name' }, onError });
    expect(intl.formatMessage(d('broken'), { name: 'x' })).toBe('Hello {name');
    expect((onError.mock.calls[0]?.[0] as IntlError).code).toBe('FORMAT_ERROR');
  });

  it('reports a message using what the formatter refuses (a number format, a tag) and shows its text', () => {
    const onError = vi.fn();
    const intl = createIntl({ locale: 'en', messages: { number: 'Total {n, number}' }, onError });
    expect(intl.formatMessage(d('number'), { n: 3 })).toBe('Total {n, number}');
    expect((onError.mock.calls[0]?.[0] as IntlError).code).toBe('FORMAT_ERROR');
  });

  it('shows a message of one text as it is, from its text or its AST', () => {
    const intl = createIntl({
      locale: 'en',
      messages: { plain: 'Saved', quoted: [{ type: 0, value: "it's {x}" }] },
    });
    expect(intl.formatMessage(d('plain'))).toBe('Saved');
    expect(intl.formatMessage(d('plain'), { x: 1 })).toBe('Saved');
    expect(intl.formatMessage(d('quoted'), { x: 1 })).toBe("it's {x}");
  });

  it('makes a message formatter once per id', () => {
    const intl = createIntl({ locale: 'en', messages });
    expect(intl.messageFormat('greet')).toBe(intl.messageFormat('greet'));
    expect(intl.messageFormat('missing')).toBeUndefined();
  });

  it('formats dates and numbers in its locale', () => {
    const en = createIntl({ locale: 'en', messages });
    expect(en.formatNumber(1234.5)).toBe('1,234.5');
    expect(en.formatDate('2026-11-27T08:00:00Z', { timeZone: 'UTC', dateStyle: 'medium' })).toBe(
      'Nov 27, 2026',
    );
    expect(createIntl({ locale: 'zh-CN' }).formatNumber(1234.5)).toBe('1,234.5');
  });

  it('gives element values back as keyed parts, ready to be drawn', () => {
    const intl = createIntl({ locale: 'en', messages });
    const parts = intl.formatMessage(d('bold'), { who: <b>Li</b> });
    expect(Array.isArray(parts)).toBe(true);
    render(<p data-testid="p">{parts as never}</p>);
    expect(screen.getByTestId('p').innerHTML).toBe('Saved by <b>Li</b>');
  });
});

describe('IntlProvider, useIntl, FormattedMessage', () => {
  function Greeting() {
    return <span data-testid="g">{useIntl().formatMessage(d('greet'), { name: 'Wang' })}</span>;
  }

  it('gives the tree its messages, and follows a change of locale and catalogue', () => {
    const { rerender } = render(
      <IntlProvider locale="en" messages={messages}>
        <Greeting />
        <FormattedMessage id={ID.count} values={{ n: 2 }} />
      </IntlProvider>,
    );
    expect(screen.getByTestId('g')).toHaveTextContent('Hello Wang');
    expect(screen.getByText('2 queries')).toBeInTheDocument();
    rerender(
      <IntlProvider locale="zh-CN" messages={{ greet: '你好 {name}', count: '{n} 个质疑' }}>
        <Greeting />
        <FormattedMessage id={ID.count} values={{ n: 2 }} />
      </IntlProvider>,
    );
    expect(screen.getByTestId('g')).toHaveTextContent('你好 Wang');
    expect(screen.getByText('2 个质疑')).toBeInTheDocument();
  });

  it('draws element values inside a message', () => {
    render(
      <IntlProvider locale="en" messages={messages}>
        <p data-testid="p">
          <FormattedMessage id={ID.bold} values={{ who: <em>Chen</em> }} />
        </p>
      </IntlProvider>,
    );
    expect(screen.getByTestId('p').innerHTML).toBe('Saved by <em>Chen</em>');
  });

  it('refuses to run outside a provider, naming what is missing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Greeting />)).toThrow(/no IntlProvider/);
    vi.restoreAllMocks();
  });
});
