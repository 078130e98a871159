import { videoCoreFromDisk } from '../testing/wasm';
import { playerFor } from './video';

const { videoId } = videoCoreFromDisk();
const player = (link: string) => playerFor(link, videoId(link));

describe('playerFor, with the host and id the WebAssembly core finds in the link', () => {
  it('embeds YouTube from the no-cookie domain, whatever form the link takes', () => {
    const expected = { kind: 'player', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0' };
    expect(player('https://www.youtube.com/embed/dQw4w9WgXcQ')).toEqual(expected);
    expect(player('https://youtu.be/dQw4w9WgXcQ')).toEqual(expected);
    expect(player('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toEqual(expected);
  });

  it('embeds Vimeo with do-not-track, from a player link or a page link', () => {
    const expected = { kind: 'player', src: 'https://player.vimeo.com/video/531481754?autoplay=1&dnt=1' };
    expect(player('https://player.vimeo.com/video/531481754')).toEqual(expected);
    expect(player('https://vimeo.com/531481754')).toEqual(expected);
  });

  it('takes the id from an editor’s iframe embed snippet', () => {
    expect(player('<iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e" width="640"></iframe>')).toEqual({
      kind: 'player',
      src: 'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1',
    });
  });

  it('loads the other services’ player links as they are, once recognised and only over https', () => {
    expect(player('https://www.dailymotion.com/embed/video/x2no31b')).toEqual({
      kind: 'player',
      src: 'https://www.dailymotion.com/embed/video/x2no31b',
    });
    expect(
      playerFor('http://www.dailymotion.com/embed/video/x2no31b', { service: 'dailymotion', id: 'x2no31b' }),
    ).toEqual({ kind: 'unrecognised' });
  });

  it('says a link no service recognises is unrecognised rather than guessing a player', () => {
    expect(videoId('https://example.com/watch/tour-2024')).toEqual({ service: null, id: null });
    expect(player('https://example.com/watch/tour-2024')).toEqual({ kind: 'unrecognised' });
    expect(player('')).toEqual({ kind: 'unrecognised' });
    expect(player('javascript:alert(1)')).toEqual({ kind: 'unrecognised' });
  });

  it('escapes the id in the player address', () => {
    expect(playerFor('x', { service: 'vimeo', id: '1/../x' })).toEqual({
      kind: 'player',
      src: 'https://player.vimeo.com/video/1%2F..%2Fx?autoplay=1&dnt=1',
    });
  });
});
