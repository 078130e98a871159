// docs/behaviour.md §7: any service worker that is ready is unregistered at start-up, so a worker left by
// an earlier version of the site can never serve stale pages.

/** Unregisters the ready service worker, if the browser has one. Never throws. */
export async function unregisterServiceWorkers(container: ServiceWorkerContainer | undefined): Promise<void> {
  if (!container) return;
  try {
    const registration = await container.ready;
    await registration.unregister();
  } catch (error) {
    console.error('could not unregister the service worker', error);
  }
}
