// The one loader of the WebAssembly core (issue 7). The small module (contact validation and
// dates) is fetched and compiled on first use only, so no screen pays for it until it
// needs it and first paint never waits.
import type { CleanedAttribution, ContactForm, Validation } from '../wasm-pkg/supplysite_contact';

/** The core's functions the contact form uses. */
export interface ContactCore {
  validateContact(form: Partial<ContactForm>): Validation;
  /** Core's attribution rule: what the server would keep of the visit's origin, or why none. */
  cleanAttribution(value: unknown): CleanedAttribution;
}

type SmallModule = typeof import('../wasm-pkg/supplysite_contact.js');

let small: Promise<SmallModule> | null = null;

/** The small module, instantiated once; a failed load is forgotten so a later call retries. */
function loadSmallModule(): Promise<SmallModule> {
  small ??= import('../wasm-pkg/supplysite_contact.js').then(async (module) => {
    await module.default();
    return module;
  });
  small.catch(() => {
    small = null;
  });
  return small;
}

/** The contact form's validator and attribution rule. */
export function loadContactCore(): Promise<ContactCore> {
  return loadSmallModule().then((module) => ({
    validateContact: module.validateContact,
    cleanAttribution: module.cleanAttribution,
  }));
}
