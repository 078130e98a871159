// Contentful Live Preview's inspector attributes for one field of a view object. The server
// adds an `inspector` object beside the fields only when it composes a page for preview, with
// each field's attributes ready to put on its element, so public pages get none at all.

/** The attributes Contentful's inspector looks for; empty when the field is not tagged. */
export interface InspectorAttributes {
  'data-contentful-entry-id'?: string;
  'data-contentful-field-id'?: string;
  'data-contentful-locale'?: string;
}

type Tagged = { inspector?: Record<string, InspectorAttributes | InspectorAttributes[] | undefined> };

/**
 * The inspector attributes of `key` in `object` (the `index`th when the key holds a list, such
 * as rich-text sections), or none.
 *
 * `key` must be a field of `object`'s view type (generated from the Rust view models), and the
 * server tags a field under that same name: a field renamed in Rust fails the type check here
 * instead of losing its tag.
 */
export function inspect<T extends object>(
  object: T | null | undefined,
  key: keyof T & string,
  index = -1,
): InspectorAttributes {
  const tag = (object as Tagged | null | undefined)?.inspector?.[key];
  return (Array.isArray(tag) ? tag[index] : tag) ?? {};
}
