import { type Entry } from '@contracts/content';
import { Container, Section, SectionHeading } from '../../../components/ui/page';
import { field } from '../api/get-content';
import { ContentImage } from './content-image';
import { Paragraphs } from './rich-text';
import './features-section.css';
import './site-content.css';

export interface FeaturesSectionProps {
  text?: Entry;
  items: Entry[];
}

/** Why choose the agency: the features text and a card per feature. */
export function FeaturesSection({ text, items }: FeaturesSectionProps) {
  if (items.length === 0) return null;
  return (
    <Section aria-labelledby="features-heading">
      <Container>
        <div className="sc-head">
          <SectionHeading
            id="features-heading"
            eyebrow={field(text, 'FeaturesText') ?? 'Why choose us'}
            title={field(text, 'FeaturesHeading') ?? 'What sets us apart'}
            align="center"
          />
        </div>
        <ul className="sc-grid sc-grid--3 feature-grid">
          {items.map((item) => {
            const title = field(item, 'FeaturesText');
            return (
              <li key={item._id} className="feature-card">
                <div className="sc-frame feature-card__frame">
                  <ContentImage src={field(item, 'FeaturesImg')} alt={title ?? ''} />
                </div>
                <div className="feature-card__body">
                  <span className="sc-icon-chip feature-card__icon">
                    <ContentImage src={field(item, 'FeaturesIcon')} alt="" />
                  </span>
                  <h3 className="feature-card__title">{title}</h3>
                  <Paragraphs className="feature-card__text" text={item.FeaturesDesc} />
                </div>
              </li>
            );
          })}
        </ul>
      </Container>
    </Section>
  );
}
