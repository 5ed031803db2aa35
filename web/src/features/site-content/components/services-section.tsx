import { type Entry } from '@contracts/content';
import { Container, Section, SectionHeading } from '../../../components/ui/page';
import { field } from '../api/get-content';
import { ContentImage } from './content-image';
import { Paragraphs } from './rich-text';
import './services-section.css';
import './site-content.css';

export interface ServicesSectionProps {
  text?: Entry;
  items: Entry[];
  /** `services-sec` on the landing page. */
  id?: string;
  tone?: 'default' | 'muted';
}

/** The service text and a card per service item. */
export function ServicesSection({ text, items, id, tone = 'muted' }: ServicesSectionProps) {
  if (items.length === 0) return null;
  const headingId = `${id ?? 'services'}-heading`;
  return (
    <Section id={id} tone={tone} aria-labelledby={headingId}>
      <Container>
        <div className="sc-head">
          <SectionHeading
            id={headingId}
            eyebrow="What we do"
            title={field(text, 'serviceHeading') ?? 'Our services'}
            align="center"
          >
            {field(text, 'servicesubHeading') && <p>{field(text, 'servicesubHeading')}</p>}
          </SectionHeading>
        </div>
        <ul className="sc-grid sc-grid--3 service-grid">
          {items.map((item) => (
            <li key={item._id} className="service-card">
              <span className="sc-icon-chip service-card__icon">
                <ContentImage src={field(item, 'serviceIcon')} alt="" />
              </span>
              <h3 className="service-card__title">{field(item, 'serviceTitle')}</h3>
              <Paragraphs className="service-card__text" text={item.serviceDetails} />
            </li>
          ))}
        </ul>
      </Container>
    </Section>
  );
}
