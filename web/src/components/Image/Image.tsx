// An image that reserves its box before it loads (width and height from the view model), so
// the layout never shifts; lazy unless it is above the fold.
import styles from './Image.module.css';

export interface ImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Above the fold: load at once and at high priority. */
  priority?: boolean;
  /** Fill the parent's box, cropping to it (the parent sets the aspect ratio). */
  cover?: boolean;
  className?: string;
  sizes?: string;
}

export function Image({ src, alt, width, height, priority = false, cover = false, className, sizes }: ImageProps) {
  return (
    <img
      className={[styles.image, cover && styles.cover, className].filter(Boolean).join(' ')}
      src={src}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
