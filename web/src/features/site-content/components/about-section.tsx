import { type Entry } from '@contracts/content';
import { LinkButton } from '../../../components/ui/button';
import { Container, Section } from '../../../components/ui/page';
import { field } from '../api/get-content';
import { ContentImage } from './content-image';
import { CheckIcon } from './section-icons';
import { Paragraphs } from './rich-text';
import './about-section.css';
import './site-content.css';

const POINT_FIELDS = ['aboutPointone', 'aboutPointwo', 'aboutPointhree'];

export interface AboutSectionProps {
  about: Entry;
  /** The counters entry, for the years-of-experience badge on the image. */
  counters?: Entry;
}

/** Who the agency is: image, heading, text and up to three points (`#about-sec`). */
export function AboutSection({ about, counters }: AboutSectionProps) {
  const heading = field(about, 'aboutHeading') ?? 'About us';
  const points = POINT_FIELDS.map((name) => field(about, name)).filter(Boolean);
  const years = field(counters, 'yearofExperienceNumber');

  return (
    <Section id="about-sec" aria-labelledby="about-sec-heading">
      <Container className="about-block">
        <div className="about-block__media">
          <div className="sc-frame about-block__frame">
            <ContentImage src={field(about, 'aboutImgOne')} alt={heading} />
          </div>
          {years && (
            <p className="about-block__badge">
              <strong>{years}</strong>
              <span>{field(counters, 'yearofExperienceText') ?? 'Years of experience'}</span>
            </p>
          )}
        </div>
        <div className="about-block__copy">
          {field(about, 'aboutText') && <p className="eyebrow">{field(about, 'aboutText')}</p>}
          <h2 id="about-sec-heading" className="about-block__title">
            {heading}
          </h2>
          <Paragraphs className="about-block__text" text={about.aboutDetails} />
          {points.length > 0 && (
            <ul className="sc-check-list about-block__points">
              {points.map((point) => (
                <li key={point}>
                  <CheckIcon />
                  {point}
                </li>
              ))}
            </ul>
          )}
          <LinkButton to="/service/" variant="secondary" size="lg" className="about-block__more">
            Explore our services
          </LinkButton>
        </div>
      </Container>
    </Section>
  );
}
