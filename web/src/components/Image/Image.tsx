// A picture that reserves its box before it loads (width and height from the view model when
// known), so the layout does not shift; lazy unless it is above the fold.
//
// Pictures the server can resize come with their renditions (the view model's `srcset` and
// `sources`, built by core: the browser never builds or reads an image address). They become a
// <picture> offering AVIF, then WebP, then the <img>'s own format, each at every listed width,
// and the browser picks the width from `sizes`: how wide the picture is laid out at each
// breakpoint, which each user passes from its own stylesheet (see ./sizes.ts).
import type { InspectorAttributes } from '../../lib/inspector';
import type { Image as ImageView } from '../../lib/view';
import styles from './Image.module.css';

/**
 * A 1x1 transparent GIF as a `srcset` candidate: what a picture loads where it is not shown at
 * all. It carries a width, and its source a `sizes`, because the Nu HTML Checker holds every
 * source of a picture whose other candidates have widths to the rules of width candidates.
 */
export const BLANK = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7 1w';

export interface ImageProps {
  image: ImageView;
  /**
   * How wide the picture is laid out at each breakpoint (the `sizes` attribute). The view
   * model's own `sizes` wins: a template's largest picture is preloaded in the head with it.
   */
  sizes?: string;
  /** Above the fold: load at once and at high priority. */
  priority?: boolean;
  /** Fill the parent's box, cropping to it (the parent sets the aspect ratio). */
  cover?: boolean;
  /**
   * The viewports the picture shows on (`(min-width: 1024px)`). Elsewhere it loads a blank
   * pixel instead, so a picture the stylesheet hides costs nothing there.
   */
  media?: string;
  className?: string;
  /** Live Preview's inspector attributes, on preview pages. */
  inspector?: InspectorAttributes;
}

export function Image({ image, sizes, priority = false, cover = false, media, className, inspector }: ImageProps) {
  const chosen = image.srcset ? (image.sizes ?? sizes ?? '100vw') : undefined;
  const sources = image.srcset ? (image.sources ?? []) : [];
  // The box keeps the original's ratio once a rendition arrives: a rendition's height is
  // rounded to whole pixels, and the browser would otherwise take the rendition's own ratio.
  const ratio = !cover && image.width && image.height ? { aspectRatio: `${image.width} / ${image.height}` } : undefined;
  const img = (
    <img
      {...inspector}
      className={[styles.image, cover && styles.cover, className].filter(Boolean).join(' ')}
      src={image.url}
      srcSet={image.srcset}
      sizes={chosen}
      alt={image.alt}
      width={image.width}
      height={image.height}
      style={ratio}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
  if (sources.length === 0 && !media) return img;
  return (
    <picture className={styles.picture}>
      {media && <source media={`not all and ${media}`} srcSet={BLANK} sizes="1px" />}
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={chosen} />
      ))}
      {img}
    </picture>
  );
}
