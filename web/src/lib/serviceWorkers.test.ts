import { unregisterServiceWorkers } from './serviceWorkers';

describe('unregisterServiceWorkers', () => {
  it('unregisters the ready service worker', async () => {
    const unregister = vi.fn(async () => true);
    await unregisterServiceWorkers({ ready: Promise.resolve({ unregister }) } as unknown as ServiceWorkerContainer);
    expect(unregister).toHaveBeenCalledTimes(1);
  });

  it('does nothing without service worker support', async () => {
    await expect(unregisterServiceWorkers(undefined)).resolves.toBeUndefined();
  });
});
