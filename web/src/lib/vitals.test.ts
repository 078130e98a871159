import { EMBEDDED_ID } from './bootstrap';
import { routeTemplate, startVitals, vitalsReport } from './vitals';

describe('Core Web Vitals reports', () => {
  afterEach(() => {
    delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
    vi.restoreAllMocks();
  });

  it('name each page by the route template the server wrote on its data, never by its path', () => {
    const data = document.createElement('script');
    data.id = EMBEDDED_ID;
    data.type = 'application/json';
    data.dataset.route = '/insights/:slug';
    document.body.append(data);
    expect(routeTemplate(document)).toBe('/insights/:slug');
    data.remove();
    expect(routeTemplate(document)).toBe('/*path');
  });

  it('hold the template, the name and the value only', () => {
    expect(JSON.parse(vitalsReport('/:product', 'LCP', 1834.5))).toEqual({
      route: '/:product',
      name: 'LCP',
      value: 1834.5,
    });
  });

  it('are not measured for a visitor sending Global Privacy Control', () => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    const listen = vi.spyOn(window, 'addEventListener');
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    startVitals(window);
    expect(listen).not.toHaveBeenCalledWith('load', expect.anything(), expect.anything());
    expect(beacon).not.toHaveBeenCalled();
  });

  it('start after the load, when the browser is idle', () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: vi.fn(() => true), configurable: true });
    const idle = vi.fn();
    Object.defineProperty(window, 'requestIdleCallback', { value: idle, configurable: true });
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    startVitals(window);
    expect(idle).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveBeenCalledOnce();
    Reflect.deleteProperty(document, 'readyState');
    Reflect.deleteProperty(window, 'requestIdleCallback');
  });
});
