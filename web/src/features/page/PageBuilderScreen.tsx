// A page assembled by editors (docs/behaviour.md §2 "Generic page"): the banner, up to 12 slices
// (text-and-media, FAQ list, divider call to action) and the extra sections the page asks
// for. Breakpoint rules live in CSS: the banner's background image only above 1023px, and
// text-and-media slices follow their layout above 1023px (at or below: text, then media).
import { BlogCards, ProductCards } from '../../components/Blocks/Blocks';
import { ButtonLink } from '../../components/Button/Button';
import { CaseStudyTeaser } from '../../components/CaseStudyTeaser/CaseStudyTeaser';
import { DownloadButton } from '../../components/DownloadButton/DownloadButton';
import { FaqAccordion } from '../../components/FaqAccordion/FaqAccordion';
import { Image } from '../../components/Image/Image';
import * as sizes from '../../components/Image/sizes';
import { RichText } from '../../components/RichText/RichText';
import { Section } from '../../components/Section/Section';
import { VideoButton } from '../../components/VideoModal/VideoButton';
import { inspect } from '../../lib/inspector';
import type { ActionButton, BannerView, PageBuilderView, SliceView } from '../../lib/view';
import styles from './PageBuilderScreen.module.css';

export function PageBuilderScreen({ view }: { view: PageBuilderView }) {
  return (
    <>
      <Banner banner={view.banner} page={view} />
      {view.slices.map((slice, i) => (
        <Slice key={i} slice={slice} />
      ))}
      {view.productCards && (
        <Section heading={view.productCards.heading} tone="tint">
          <ProductCards list={view.productCards} />
        </Section>
      )}
      {view.caseStudyTeaser && (
        <Section>
          <CaseStudyTeaser teaser={view.caseStudyTeaser} />
        </Section>
      )}
      {view.insights && view.insights.cards.length > 0 && (
        <Section heading={view.insights.heading}>
          <BlogCards list={view.insights} />
        </Section>
      )}
    </>
  );
}

/** The viewports the banner's picture shows on (the stylesheet's and the head preload's). */
const BANNER_MEDIA = '(min-width: 1024px)';

function Banner({ banner, page }: { banner: BannerView | null; page: PageBuilderView }) {
  // The picture lies behind the text and shows only above 1023px; below, it loads a blank pixel
  // instead, so phones never download it.
  return (
    <header className={[styles.banner, banner?.image && styles.withImage].filter(Boolean).join(' ')}>
      {banner?.image && (
        <Image
          image={banner.image}
          sizes="100vw"
          media={BANNER_MEDIA}
          className={styles.bannerImage}
          cover
          priority
          inspector={inspect(banner, 'image')}
        />
      )}
      <div className={styles.bannerInner}>
        {banner?.logo && (
          <Image
            image={banner.logo}
            sizes={sizes.byHeight(banner.logo, 56)}
            className={styles.bannerLogo}
            priority
            inspector={inspect(banner, 'logo')}
          />
        )}
        <h1 {...inspect(page, 'heading')}>{page.heading}</h1>
        {banner?.textBox && (
          <RichText html={banner.textBox} className={styles.textBox} inspector={inspect(banner, 'textBox')} />
        )}
        {banner?.bodyText && (
          <p className={styles.bodyText} {...inspect(banner, 'bodyText')}>
            {banner.bodyText}
          </p>
        )}
      </div>
    </header>
  );
}

function Slice({ slice }: { slice: SliceView }) {
  switch (slice.kind) {
    case 'textMedia':
      return (
        <Section>
          <div className={[styles.textMedia, styles[slice.layout], styles[`justify-${slice.justification}`]].join(' ')}>
            <div className={styles.text}>
              {slice.title && <h2 {...inspect(slice, 'title')}>{slice.title}</h2>}
              <RichText html={slice.html} inspector={inspect(slice, 'html')} />
              {slice.button && (
                <div className={styles.buttons}>
                  <Action button={slice.button} />
                </div>
              )}
            </div>
            {slice.image && (
              <div className={styles.media}>
                <Image
                  image={slice.image}
                  sizes={slice.layout === 'fullWidth' ? sizes.COLUMN : sizes.HALF_COLUMN}
                  inspector={inspect(slice, 'image')}
                />
              </div>
            )}
          </div>
        </Section>
      );
    case 'faq':
      return (
        <Section tone="tint">
          <FaqAccordion faq={slice} />
        </Section>
      );
    case 'dividerCta':
      return (
        <Section tone="navy" centred>
          <div className={styles.divider}>
            {slice.title && <h2 {...inspect(slice, 'title')}>{slice.title}</h2>}
            {slice.text && <p {...inspect(slice, 'text')}>{slice.text}</p>}
            <div className={styles.buttons}>
              {slice.buttons.map((button, i) => (
                <Action key={i} button={button} inverse />
              ))}
            </div>
          </div>
        </Section>
      );
  }
}

function Action({ button, inverse = false }: { button: ActionButton; inverse?: boolean }) {
  const inspector = inspect(button, 'label');
  switch (button.action) {
    case 'link':
      return (
        <ButtonLink {...inspector} href={button.href} fill={button.style} inverse={inverse} newTab={button.external}>
          {button.label}
        </ButtonLink>
      );
    case 'video':
      return (
        <VideoButton
          button={{ label: button.label, video: button.video }}
          fill={button.style}
          inverse={inverse}
          inspector={inspector}
        />
      );
    case 'download':
      return (
        <DownloadButton
          download={{ label: button.label, href: button.href, fileName: button.fileName }}
          fill={button.style}
          inverse={inverse}
          inspector={inspector}
        />
      );
  }
}
