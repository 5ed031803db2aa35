import { type Entry } from '@contracts/content';
import { Container } from '../../../components/ui/page';
import { field } from '../api/get-content';
import { ContentImage } from './content-image';
import { ContentLink, isSafeContentUrl } from './content-link';
import { PlayIcon } from './section-icons';
import { Paragraphs } from './rich-text';
import './video-section.css';
import './site-content.css';

export interface VideoSectionProps {
  video: Entry;
  items: Entry[];
}

/** The video teaser: a poster with a play button that opens the video elsewhere, and its points. */
export function VideoSection({ video, items }: VideoSectionProps) {
  const heading = field(video, 'headingVideo') ?? 'Watch our video';
  const link = field(video, 'videoLink');
  const poster = <ContentImage src={field(video, 'videoImage')} alt="" />;

  return (
    <section className="video-block" aria-labelledby="video-block-heading">
      <Container className="video-block__inner">
        <div className="video-block__media">
          {link && isSafeContentUrl(link) ? (
            <ContentLink
              href={link}
              newTab
              className="sc-frame video-block__poster"
              aria-label={`Play the video: ${heading} (opens in a new tab)`}
            >
              {poster}
              <span className="video-block__play" aria-hidden="true">
                <PlayIcon />
              </span>
            </ContentLink>
          ) : (
            <div className="sc-frame video-block__poster">{poster}</div>
          )}
        </div>
        <div className="video-block__copy">
          <p className="eyebrow">Watch the video</p>
          <h2 id="video-block-heading" className="video-block__title">
            {heading}
          </h2>
          {items.length > 0 && (
            <ul className="video-block__items">
              {items.map((item) => (
                <li key={item._id} className="video-block__item">
                  <span className="sc-icon-chip">
                    <ContentImage src={field(item, 'videoItemIcon')} alt="" />
                  </span>
                  <div>
                    <h3 className="video-block__item-title">{field(item, 'videoItemTitle')}</h3>
                    <Paragraphs className="video-block__item-text" text={item.videoItemDetails} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Container>
    </section>
  );
}
