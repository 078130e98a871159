import { routeTemplate, startVitals, vitalsReport } from './vitals';

describe('Core Web Vitals reports', () => {
  afterEach(() => {
    delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
    vi.restoreAllMocks();
  });

  it('name each page by its route template, never by its path', () => {
    expect(routeTemplate('/')).toBe('/');
    expect(routeTemplate('/about-us')).toBe('/about-us');
    expect(routeTemplate('/insights/')).toBe('/insights');
    expect(routeTemplate('/insights/why-supplier-data-matters')).toBe('/insights/:slug');
    expect(routeTemplate('/case-study/council-energy')).toBe('/case-study/:slug');
    expect(routeTemplate('/page/events')).toBe('/page/:slug');
    expect(routeTemplate('/etender')).toBe('/:product');
    expect(routeTemplate('/food-industry-software')).toBe('/:product');
    expect(routeTemplate('/no/such/page')).toBe('/*path');
    expect(routeTemplate('/insights/feed.xml')).toBe('/*path');
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
