// Contentful Live Preview's inspector attributes for one field of a view object. The server
// adds an `inspector` object beside the fields only when it composes a page for preview, so
// public pages get no attributes at all.

/** Which entry and field a part of a view shows. */
export interface FieldTag {
  entryId: string;
  fieldId: string;
  locale: string;
}

/** The attributes Contentful's inspector looks for; empty when the field is not tagged. */
export interface InspectorAttributes {
  'data-contentful-entry-id'?: string;
  'data-contentful-field-id'?: string;
  'data-contentful-locale'?: string;
}

type Tagged = { inspector?: Record<string, FieldTag | FieldTag[] | undefined> };

/**
 * The inspector attributes of `key` in `object` (the `index`th when the key holds a list, such
 * as rich-text sections), or none.
 */
export function inspect(object: unknown, key: string, index?: number): InspectorAttributes {
  if (typeof object !== 'object' || object === null) return {};
  const found = (object as Tagged).inspector?.[key];
  const tag = Array.isArray(found) ? (index === undefined ? undefined : found[index]) : found;
  if (!tag) return {};
  return {
    'data-contentful-entry-id': tag.entryId,
    'data-contentful-field-id': tag.fieldId,
    'data-contentful-locale': tag.locale,
  };
}
