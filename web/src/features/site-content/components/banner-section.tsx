import { type Entry } from '@contracts/content';
import { type Ref } from 'react';
import { LinkButton } from '../../../components/ui/button';
import { Container } from '../../../components/ui/page';
import { BANNER_IMAGE_SIZES } from '../../../lib/seo/hero-image';
import { field } from '../api/get-content';
import { ContentImage } from './content-image';
import { ContentLink } from './content-link';
import { ArrowRightIcon } from './icons';
import { Paragraphs } from './rich-text';
import './banner-section.css';
import './site-content.css';

/** The landing page's hero: the page's one h1, its call to action and the banner image. */
export function BannerSection({ banner, ref }: { banner: Entry; ref?: Ref<HTMLElement> }) {
  const eyebrow = field(banner, 'bannerText');
  const heading = field(banner, 'bannerHeading') ?? 'SEO Agency';
  const buttonText = field(banner, 'buttonText');
  const image = field(banner, 'imageOne');

  return (
    <section className="hero" aria-labelledby="hero-heading" ref={ref}>
      <Container className="hero__inner">
        <div className="hero__copy">
          {eyebrow && <p className="hero__eyebrow">{eyebrow}</p>}
          <h1 id="hero-heading" className="hero__title">
            {heading}
          </h1>
          <Paragraphs className="hero__lead" text={banner.bannerDetails} />
          <div className="hero__actions">
            {buttonText && (
              <ContentLink href={field(banner, 'buttonURL')} className="btn btn--primary btn--lg">
                {buttonText}
                <ArrowRightIcon />
              </ContentLink>
            )}
            <LinkButton to="/#contact-sec" variant="secondary" size="lg">
              Talk to an expert
            </LinkButton>
          </div>
        </div>
        {image && (
          <div className="hero__media">
            <div className="hero__frame">
              <ContentImage src={image} alt={heading} priority sizes={BANNER_IMAGE_SIZES} />
            </div>
          </div>
        )}
      </Container>
    </section>
  );
}
