import { embedUrl } from './video';

describe('embedUrl', () => {
  it('embeds YouTube from the no-cookie domain and Vimeo with do-not-track', () => {
    expect(
      embedUrl({ service: 'youtube', id: 'dQw4w9WgXcQ', embedUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ' }),
    ).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
    expect(embedUrl({ service: 'vimeo', id: '531481754' })).toBe(
      'https://player.vimeo.com/video/531481754?autoplay=1&dnt=1',
    );
  });

  it('uses the server’s player URL for the other services, and only an https one', () => {
    expect(embedUrl({ service: 'dailymotion', id: 'x8', embedUrl: 'https://www.dailymotion.com/embed/video/x8' })).toBe(
      'https://www.dailymotion.com/embed/video/x8',
    );
    expect(embedUrl({ service: 'tiktok', id: '1', embedUrl: 'javascript:alert(1)' })).toBeNull();
    expect(embedUrl({ service: 'vine', id: 'abc' })).toBeNull();
  });

  it('escapes the id', () => {
    expect(embedUrl({ service: 'vimeo', id: '1/../x' })).toBe(
      'https://player.vimeo.com/video/1%2F..%2Fx?autoplay=1&dnt=1',
    );
  });
});
