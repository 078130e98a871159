// Player addresses for hosted videos (issue 7). The server's view model carries each video's
// link; the host and id come from the WebAssembly core's `videoId`, the same code the server
// runs, so the page and the server never disagree about which video a link means. YouTube and
// Vimeo, the two hosts the site's own videos use, are embedded with their privacy options
// (YouTube's no-cookie domain, Vimeo's do-not-track) and autoplay, since the visitor has just
// asked for the video.
import { loadVideoCore, type LinkedVideo } from './wasm';

/** What the video modal shows for a link. */
export type Player = { kind: 'player'; src: string } | { kind: 'unrecognised' };

/**
 * The player for `link`, given the `{service, id}` the core found in it. The other services'
 * players are the link itself (the server sends their player address), loaded only over https
 * and only once the core has recognised it as that service's video.
 */
export function playerFor(link: string, video: LinkedVideo): Player {
  switch (video.service) {
    case null:
      return { kind: 'unrecognised' };
    case 'youtube':
      return {
        kind: 'player',
        src: `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.id)}?autoplay=1&rel=0`,
      };
    case 'vimeo':
      return { kind: 'player', src: `https://player.vimeo.com/video/${encodeURIComponent(video.id)}?autoplay=1&dnt=1` };
    default:
      return /^https:\/\/[^\s"'<>]+$/.test(link) ? { kind: 'player', src: link } : { kind: 'unrecognised' };
  }
}

/** Loads the core (once per page) and finds the player for `link`. */
export async function resolvePlayer(link: string): Promise<Player> {
  const core = await loadVideoCore();
  return playerFor(link, core.videoId(link));
}

/** Starts loading the core ahead of a likely click; a failure is reported on the click itself. */
export function prefetchVideoCore(): void {
  loadVideoCore().catch(() => {});
}
