import { describe, expect, it } from 'vitest';
import { inspect } from './inspector';

const tag = (fieldId: string) => ({
  'data-contentful-entry-id': 'post-1',
  'data-contentful-field-id': fieldId,
  'data-contentful-locale': 'en-AU',
});

describe('inspect', () => {
  it('gives the three attributes of a tagged field', () => {
    expect(inspect({ title: 'T', inspector: { title: tag('title') } }, 'title')).toEqual(tag('title'));
  });

  it('gives nothing for a public view or an untagged field', () => {
    expect(inspect({ title: 'T' }, 'title')).toEqual({});
    expect(inspect({ inspector: {} }, 'title')).toEqual({});
    expect(inspect(null, 'title')).toEqual({});
  });

  it('picks one tag of a list by index', () => {
    const view = { inspector: { sections: [tag('section1'), tag('section2')] } };
    expect(inspect(view, 'sections', 1)['data-contentful-field-id']).toBe('section2');
    expect(inspect(view, 'sections')).toEqual({});
  });
});
