// The one loader of the WebAssembly core (issue 7). The contact module is fetched and compiled
// on first use only, so no screen pays for it until it needs it and first paint never waits.
import type { ContactForm, Validation } from '../wasm-pkg/supplysite_contact';

/** The core's functions the contact form uses. */
export interface ContactCore {
  validateContact(form: Partial<ContactForm>): Validation;
}

let contact: Promise<ContactCore> | null = null;

/** The contact module, loaded once; a failed load is forgotten so a later call retries. */
export function loadContactCore(): Promise<ContactCore> {
  contact ??= import('../wasm-pkg/supplysite_contact.js').then(async (module) => {
    await module.default();
    return { validateContact: module.validateContact };
  });
  contact.catch(() => {
    contact = null;
  });
  return contact;
}
