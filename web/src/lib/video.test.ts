import { embedUrl } from './video';

describe('embedUrl', () => {
  it('embeds YouTube from the no-cookie domain and Vimeo with do-not-track', () => {
    expect(embedUrl({ service: 'youtube', id: 'dQw4w9WgXcQ' })).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
    expect(embedUrl({ service: 'vimeo', id: '531481754' })).toBe('https://player.vimeo.com/video/531481754?autoplay=1&dnt=1');
  });

  it('knows every service core recognises and nothing else', () => {
    for (const service of ['vine', 'videopress', 'microsoftstream', 'tiktok', 'dailymotion']) {
      expect(embedUrl({ service, id: 'abc' })).toMatch(/^https:\/\//);
    }
    expect(embedUrl({ service: 'myspace', id: 'abc' })).toBeNull();
  });

  it('escapes the id', () => {
    expect(embedUrl({ service: 'vimeo', id: '1/../x' })).toBe('https://player.vimeo.com/video/1%2F..%2Fx?autoplay=1&dnt=1');
  });
});
