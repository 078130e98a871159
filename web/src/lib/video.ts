// Player addresses for hosted videos, for the services core's video links recognise
// (SPEC §5). YouTube is embedded from its no-cookie domain, Vimeo with do-not-track.
import type { Video } from './view';

/** The embeddable player URL for a video, autoplaying once the visitor opened it; null for a
 * service this UI does not know (the server only sends ids made of URL-safe characters). */
export function embedUrl(video: Video): string | null {
  const id = encodeURIComponent(video.id);
  switch (video.service) {
    case 'youtube':
      return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;
    case 'vimeo':
      return `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`;
    case 'vine':
      return `https://vine.co/v/${id}/embed/simple`;
    case 'videopress':
      return `https://videopress.com/embed/${id}?autoPlay=1`;
    case 'microsoftstream':
      return `https://web.microsoftstream.com/embed/video/${id}?autoplay=true`;
    case 'tiktok':
      return `https://www.tiktok.com/embed/v2/${id}`;
    case 'dailymotion':
      return `https://www.dailymotion.com/embed/video/${id}?autoplay=1`;
    default:
      return null;
  }
}
