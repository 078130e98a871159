// Player addresses for hosted videos. The server sends each video's player URL; YouTube and
// Vimeo, the two hosts the site's own videos use, are embedded here with their privacy
// options instead (YouTube's no-cookie domain, Vimeo's do-not-track) and autoplay, since the
// visitor has just asked for the video.
import type { Video } from './view';

/** The player URL to load for a video, or null when there is none. */
export function embedUrl(video: Video): string | null {
  const id = encodeURIComponent(video.id);
  switch (video.service) {
    case 'youtube':
      return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;
    case 'vimeo':
      return `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`;
    default:
      return video.embedUrl && /^https:\/\//.test(video.embedUrl) ? video.embedUrl : null;
  }
}
