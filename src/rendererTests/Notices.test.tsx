import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../engine/messages';
import { noticeDuration } from '../../renderers/notices/NoticesProvider';
import { TestProviders, text } from '../testing/renderApp';
import { createTestPlatform } from '../testing/testPlatform';

describe('Notices', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('translates engine message ids, shows server texts as is, stacks them and hides each after its time', async () => {
    const platform = createTestPlatform();
    render(<TestProviders platform={platform} />);
    act(() => {
      platform.notifier.notify({ level: 'error', messageId: MSG.timeout });
      platform.notifier.notify({ level: 'warning', text: '密码将于 3 天后过期' });
      platform.notifier.notify({
        level: 'error',
        messageId: MSG.malformedResponse,
        values: { endpoint: 'menuList.do', field: 'data.menus' },
      });
    });
    const stack = await screen.findByTestId('notices');
    const alerts = within(stack).getAllByRole('alert');
    expect(alerts.map((a) => a.getAttribute('data-level'))).toEqual(['error', 'warning', 'error']);
    expect(alerts[0]).toHaveTextContent(text('request.timeout'));
    expect(alerts[1]).toHaveTextContent('密码将于 3 天后过期');
    expect(alerts[2]).toHaveTextContent('menuList.do');

    act(() => {
      vi.advanceTimersByTime(2600);
    });
    expect(screen.queryByTestId('notices')).toBeNull();
  });

  it('keeps a toast between 2 and 3 s unless the notice asks for longer', () => {
    expect(noticeDuration({ level: 'info' })).toBeGreaterThanOrEqual(2000);
    expect(noticeDuration({ level: 'info' })).toBeLessThanOrEqual(3000);
    expect(noticeDuration({ level: 'info', durationMs: 500 })).toBe(2000);
    expect(noticeDuration({ level: 'info', durationMs: 10_000 })).toBe(3000);
  });
});
