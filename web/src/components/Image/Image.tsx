// An image that reserves its box before it loads (width and height from the view model when
// known), so the layout does not shift; lazy unless it is above the fold.
import type { InspectorAttributes } from '../../lib/inspector';
import type { Image as ImageView } from '../../lib/view';
import styles from './Image.module.css';

export interface ImageProps {
  image: ImageView;
  /** Above the fold: load at once and at high priority. */
  priority?: boolean;
  /** Fill the parent's box, cropping to it (the parent sets the aspect ratio). */
  cover?: boolean;
  className?: string;
  /** Live Preview's inspector attributes, on preview pages. */
  inspector?: InspectorAttributes;
}

export function Image({ image, priority = false, cover = false, className, inspector }: ImageProps) {
  return (
    <img
      {...inspector}
      className={[styles.image, cover && styles.cover, className].filter(Boolean).join(' ')}
      src={image.url}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
