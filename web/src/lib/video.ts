// Player addresses for hosted videos. The server's view model carries each video's player
// address, built by core from the editor's link (YouTube from its no-cookie domain, Vimeo with
// do-not-track, autoplay where the service offers it), so the page applies no per-service rules
// and never reads a link again. It only refuses to frame anything that is not https.
import type { Video } from './view';

/** What the video modal shows for a video. */
export type Player = { kind: 'player'; src: string } | { kind: 'unrecognised' };

/** The player for `video`: its address as core built it, when that is an https address. */
export function playerFor(video: Video): Player {
  return /^https:\/\/[^\s"'<>]+$/.test(video.embedUrl)
    ? { kind: 'player', src: video.embedUrl }
    : { kind: 'unrecognised' };
}
