import { renderHook, waitFor } from '@testing-library/react';
import { EMBEDDED_ID } from '../lib/bootstrap';
import { MISSING_KEY_MESSAGE, resetSiteSettings } from '../lib/settings';
import { useTracker } from './useTracker';

function embedSettings(settings: unknown) {
  const data = document.createElement('script');
  data.id = EMBEDDED_ID;
  data.type = 'application/json';
  data.textContent = JSON.stringify({ settings });
  document.body.append(data);
}

describe('useTracker', () => {
  afterEach(() => {
    document.getElementById(EMBEDDED_ID)?.remove();
    delete window.sendinblue;
    delete window.sib;
    document.head.innerHTML = '';
    resetSiteSettings();
    delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
  });

  it('without a client key says so on the console and loads nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderHook(() => useTracker('/'));
    expect(warn).toHaveBeenCalledWith(MISSING_KEY_MESSAGE);
    expect(document.querySelector('script')).toBeNull();
    expect(window.sendinblue).toBeUndefined();
  });

  it('with a client key loads the tracker and records the page shown', async () => {
    embedSettings({ tracker: { clientKey: 'key 1' } });
    renderHook(() => useTracker('/'));
    await waitFor(() => expect(window.sib?.equeue).toEqual([{ page: [] }]));
    expect(document.head.querySelector('script#sendinblue-js')).not.toBeNull();
  });

  it('with Global Privacy Control loads no tracker even with a client key', async () => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    embedSettings({ tracker: { clientKey: 'key 1' } });
    const { rerender } = renderHook(({ path }) => useTracker(path), { initialProps: { path: '/' } });
    rerender({ path: '/contact-us' });
    // Any import of the tracker's module started by now has finished.
    await vi.dynamicImportSettled();
    expect(document.querySelector('script#sendinblue-js')).toBeNull();
    expect(window.sendinblue).toBeUndefined();
    expect(window.sib).toBeUndefined();
  });
});
