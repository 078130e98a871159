import { playerFor } from './video';

describe('playerFor, with the player address core put in the view model', () => {
  it('loads the address core built, whatever the service', () => {
    for (const [service, embedUrl] of [
      ['youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0'],
      ['vimeo', 'https://player.vimeo.com/video/531481754?autoplay=1&dnt=1'],
      ['tiktok', 'https://www.tiktok.com/embed/v2/7106594312292453675'],
      ['dailymotion', 'https://www.dailymotion.com/embed/video/x2no31b'],
    ] as const) {
      expect(playerFor({ service, id: 'x', embedUrl })).toEqual({ kind: 'player', src: embedUrl });
    }
  });

  it('refuses anything that is not an https address rather than framing it', () => {
    for (const embedUrl of [
      'http://www.dailymotion.com/embed/video/x2no31b',
      'javascript:alert(1)',
      '',
      'https://example.com/a b',
      'https://example.com/"onload=x',
    ]) {
      expect(playerFor({ service: 'youtube', id: 'x', embedUrl })).toEqual({ kind: 'unrecognised' });
    }
  });
});
