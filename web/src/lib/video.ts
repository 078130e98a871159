// Player addresses for hosted videos. YouTube is embedded from its no-cookie domain.
import type { VideoRef } from './view';

/** The embeddable player URL for a video, autoplaying once the visitor opened it. */
export function embedUrl(video: VideoRef): string {
  const id = encodeURIComponent(video.id);
  switch (video.service) {
    case 'youtube':
      return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0&modestbranding=1`;
    case 'vimeo':
      return `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`;
  }
}
