import { describe, expect, it } from 'vitest';
import { inspect } from './inspector';
import type { Policy } from './view';

const tag = (fieldId: string) => ({
  'data-contentful-entry-id': 'post-1',
  'data-contentful-field-id': fieldId,
  'data-contentful-locale': 'en-AU',
});

/** A view with a title, as the server sends it (with tags in preview only). */
type Titled = { title: string };

describe('inspect', () => {
  it('gives the three attributes of a tagged field', () => {
    const view: Titled = Object.assign({ title: 'T' }, { inspector: { title: tag('title') } });
    expect(inspect(view, 'title')).toEqual(tag('title'));
  });

  it('gives nothing for a public view or an untagged field', () => {
    const untagged: Titled = Object.assign({ title: 'T' }, { inspector: {} });
    expect(inspect<Titled>({ title: 'T' }, 'title')).toEqual({});
    expect(inspect(untagged, 'title')).toEqual({});
    expect(inspect<Titled>(null, 'title')).toEqual({});
  });

  it('picks one tag of a list by index', () => {
    const policy: Policy = Object.assign(
      { image1: null, image5: null, sections: ['<p>1</p>', '<p>2</p>'] },
      { inspector: { sections: [tag('section1'), tag('section2')] } },
    );
    expect(inspect(policy, 'sections', 1)['data-contentful-field-id']).toBe('section2');
    expect(inspect(policy, 'sections')).toEqual({});
  });

  it('takes only a field of the view type as the key', () => {
    const view: Titled = { title: 'T' };
    // @ts-expect-error `heading` is not a field of the view, so it can carry no tag.
    expect(inspect(view, 'heading')).toEqual({});
  });
});
