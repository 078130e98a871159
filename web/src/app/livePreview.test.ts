import { describe, expect, it, vi } from 'vitest';

// The SDK itself is not needed to read the editor's messages.
vi.mock('@contentful/live-preview', () => ({ ContentfulLivePreview: {} }));

const { editedEntity } = await import('./livePreview');

const entity = {
  sys: { id: 'post-1', type: 'Entry', contentType: { sys: { id: 'blogPost' } } },
  fields: { title: { 'en-AU': 'Typed' } },
};

function message(data: unknown, origin = 'https://app.contentful.com') {
  return new MessageEvent('message', { data, origin });
}

describe('editedEntity', () => {
  it("reads the entity of the editor's update message", () => {
    expect(editedEntity(message({ source: 'live-preview-editor', method: 'ENTRY_UPDATED', entity }))).toEqual(entity);
    expect(
      editedEntity(
        message({ source: 'live-preview-editor', action: 'ENTRY_UPDATED', entity }, 'https://app.eu.contentful.com'),
      ),
    ).toEqual(entity);
  });

  it('ignores other origins, other messages and entities it cannot send', () => {
    const update = { source: 'live-preview-editor', method: 'ENTRY_UPDATED', entity };
    expect(editedEntity(message(update, 'https://evil.example'))).toBeNull();
    expect(editedEntity(message({ ...update, method: 'ENTRY_SAVED' }))).toBeNull();
    expect(editedEntity(message({ ...update, source: 'someone-else' }))).toBeNull();
    expect(editedEntity(message('ENTRY_UPDATED'))).toBeNull();
    expect(editedEntity(message({ ...update, entity: { sys: { id: 'x', type: 'Space' }, fields: {} } }))).toBeNull();
    expect(editedEntity(message({ ...update, entity: { sys: { id: 'x', type: 'Entry' } } }))).toBeNull();
    expect(editedEntity(message({ ...update, entity: { sys: { type: 'Entry' }, fields: {} } }))).toBeNull();
  });
});
