import { describe, expect, it, vi } from 'vitest';
import { MAX_PENDING_NOTICES, createNoticeHub } from '../../renderers/notices/noticeHub';

describe('notice hub', () => {
  it('keeps notices sent before anyone listens and hands them to the first listener', () => {
    const hub = createNoticeHub();
    hub.notify({ level: 'error', messageId: 'request.network' });
    const listener = vi.fn();
    hub.subscribe(listener);
    expect(listener).toHaveBeenCalledWith({ level: 'error', messageId: 'request.network' });
    hub.notify({ level: 'info', text: 'later' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps at most the latest pending notices', () => {
    const hub = createNoticeHub();
    for (let i = 0; i < MAX_PENDING_NOTICES + 5; i++) hub.notify({ level: 'info', text: String(i) });
    const seen: string[] = [];
    hub.subscribe((n) => seen.push(n.text ?? ''));
    expect(seen).toHaveLength(MAX_PENDING_NOTICES);
    expect(seen[0]).toBe('5');
  });

  it('stops telling a listener that unsubscribed', () => {
    const hub = createNoticeHub();
    const listener = vi.fn();
    const off = hub.subscribe(listener);
    off();
    hub.notify({ level: 'info', text: 'x' });
    expect(listener).not.toHaveBeenCalled();
  });
});
