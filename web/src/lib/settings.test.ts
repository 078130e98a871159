import { EMBEDDED_ID } from './bootstrap';
import { DEFAULT_SETTINGS, resetSiteSettings, siteSettings, toSettings } from './settings';

describe('toSettings', () => {
  it('reads the reCAPTCHA widget and the tracker key', () => {
    expect(toSettings({ robot: { kind: 'recaptcha', siteKey: 'site-key' }, tracker: { clientKey: ' k1 ' } })).toEqual({
      robot: { kind: 'recaptcha', siteKey: 'site-key' },
      trackerKey: 'k1',
      contactWaitMs: 5000,
      leadCapture: false,
    });
  });

  it('captures where a visit came from only when the server says so', () => {
    expect(toSettings({ leadCapture: true }).leadCapture).toBe(true);
    expect(toSettings({ leadCapture: 'yes' }).leadCapture).toBe(false);
    expect(toSettings({}).leadCapture).toBe(false);
  });

  it('reads how long the contact form waits for an answer', () => {
    expect(toSettings({ contactWaitMs: 2500 }).contactWaitMs).toBe(2500);
    expect(toSettings({ contactWaitMs: null }).contactWaitMs).toBe(5000);
    expect(toSettings({ contactWaitMs: -1 }).contactWaitMs).toBe(5000);
  });

  it('falls back to the self-hosted check and no tracker for anything else', () => {
    expect(toSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(toSettings({ robot: { kind: 'recaptcha' }, tracker: { clientKey: '  ' } })).toEqual(DEFAULT_SETTINGS);
    expect(toSettings({ robot: { kind: 'selfHosted' }, tracker: null })).toEqual(DEFAULT_SETTINGS);
  });
});

describe('siteSettings', () => {
  afterEach(() => {
    resetSiteSettings();
    document.body.innerHTML = '';
  });

  it('comes from the settings key of the embedded page data', () => {
    document.body.innerHTML = `<script id="${EMBEDDED_ID}" type="application/json">${JSON.stringify({
      outcome: { outcome: 'not_found' },
      settings: { tracker: { clientKey: 'abc' } },
    })}</script>`;
    expect(siteSettings(document)).toEqual({
      robot: { kind: 'selfHosted' },
      trackerKey: 'abc',
      contactWaitMs: 5000,
      leadCapture: false,
    });
  });

  it('is the defaults when the page has no data', () => {
    expect(siteSettings(document)).toEqual(DEFAULT_SETTINGS);
  });
});
