import { render, screen, waitFor } from '@testing-library/react';
import { FormattedMessage } from '../../renderers/intl';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';
import { loadWithRetry, type Messages } from './catalogues';
import { LocaleProvider } from './LocaleProvider';
import zh from './zh_CN.json';

describe('LocaleProvider', () => {
  it('falls back to the shipped default catalogue (not message ids) when a locale cannot load, and reports it', async () => {
    sessionStorage.setItem(STORAGE_KEYS.locale, 'en');
    const onLoadError = vi.fn();
    const load = vi.fn(() => Promise.reject(new Error('chunk gone')));
    render(
      <LocaleProvider store={sessionStorage} load={load} onLoadError={onLoadError}>
        <FormattedMessage id="login.title" />
      </LocaleProvider>,
    );
    expect(await screen.findByText(zh['login.title'])).toBeInTheDocument();
    expect(screen.queryByText('login.title')).toBeNull();
    await waitFor(() => expect(onLoadError).toHaveBeenCalledTimes(1));
  });
});

describe('loadWithRetry', () => {
  it('tries a second time after a failure', async () => {
    const messages: Messages = { a: 'b' };
    const load = vi.fn().mockRejectedValueOnce(new Error('flaky')).mockResolvedValueOnce(messages);
    await expect(loadWithRetry(load, 0)).resolves.toBe(messages);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after the second failure', async () => {
    const load = vi.fn().mockRejectedValue(new Error('gone'));
    await expect(loadWithRetry(load, 0)).rejects.toThrow('gone');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
