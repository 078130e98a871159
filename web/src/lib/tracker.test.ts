import { rememberVisitor, startTracker, TRACKING_EMAIL_KEY, trackCtaClick, trackPage } from './tracker';

describe('the marketing tracker', () => {
  afterEach(() => {
    delete window.sendinblue;
    delete window.sib;
    document.head.innerHTML = '';
    localStorage.clear();
    delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
  });

  /** The visitor's browser sends Global Privacy Control. */
  const withGpc = () => Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });

  it('with a key loads the script once, identifies the stored visitor and queues events', () => {
    localStorage.setItem(TRACKING_EMAIL_KEY, 'ann@example.com');
    startTracker('key 1');
    startTracker('key 1');
    const scripts = document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://sibautomation.com/sa.js?key=key%201');
    expect(window.sib?.client_key).toBe('key 1');
    expect(window.sib?.email_id).toBe('ann@example.com');

    trackPage();
    const button = document.createElement('button');
    button.textContent = ' VIEW DEMO ';
    trackCtaClick(button);
    expect(window.sib?.equeue).toEqual([
      { page: [] },
      { track: ['cta_click', {}, { data: { label: 'VIEW DEMO', href: null, path: '/' } }] },
    ]);
  });

  it('hands events to the real tracker once its script has defined them', () => {
    startTracker('k');
    const page = vi.fn();
    window.sib!.page = page;
    trackPage();
    expect(page).toHaveBeenCalledOnce();
    expect(window.sib?.equeue).toEqual([]);
  });

  it('remembers the visitor for the next page load and identifies them now', () => {
    startTracker('k');
    rememberVisitor('bo@example.com');
    expect(localStorage.getItem(TRACKING_EMAIL_KEY)).toBe('bo@example.com');
    expect(window.sib?.equeue).toEqual([{ identify: ['bo@example.com'] }]);
  });

  it('with Global Privacy Control loads nothing, stores no email and removes one stored before', () => {
    localStorage.setItem(TRACKING_EMAIL_KEY, 'ann@example.com');
    withGpc();
    startTracker('k');
    expect(document.querySelector('script')).toBeNull();
    expect(window.sendinblue).toBeUndefined();
    rememberVisitor('bo@example.com');
    expect(localStorage.getItem(TRACKING_EMAIL_KEY)).toBeNull();
  });
});
