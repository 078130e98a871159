import { describe, expect, it } from 'vitest';
import { inspect } from './inspector';

describe('inspect', () => {
  it('gives the three attributes of a tagged field', () => {
    const view = {
      title: 'T',
      inspector: { title: { entryId: 'post-1', fieldId: 'title', locale: 'en-AU' } },
    };
    expect(inspect(view, 'title')).toEqual({
      'data-contentful-entry-id': 'post-1',
      'data-contentful-field-id': 'title',
      'data-contentful-locale': 'en-AU',
    });
  });

  it('gives nothing for a public view or an untagged field', () => {
    expect(inspect({ title: 'T' }, 'title')).toEqual({});
    expect(inspect({ inspector: {} }, 'title')).toEqual({});
    expect(inspect(null, 'title')).toEqual({});
  });

  it('picks one tag of a list by index', () => {
    const tags = [1, 2].map((n) => ({ entryId: 'p', fieldId: `section${n}`, locale: 'en-AU' }));
    const view = { inspector: { sections: tags } };
    expect(inspect(view, 'sections', 1)['data-contentful-field-id']).toBe('section2');
    expect(inspect(view, 'sections')).toEqual({});
  });
});
