// Asking the current page to load itself again from the server, in place (Live Preview does
// after an editor saves).

/** The window event that makes the current page ask the server for itself again. */
export const PAGE_REFRESH_EVENT = 'supplysite:refresh-page';

/** Asks the current page to load itself again from the server. */
export function requestPageRefresh() {
  window.dispatchEvent(new Event(PAGE_REFRESH_EVENT));
}
