import { type Entry } from '@contracts/content';
import { Container, Section, SectionHeading } from '../../../components/ui/page';
import { field } from '../api/get-content';
import { ContentImage } from './content-image';
import { QuoteIcon } from './section-icons';
import { Paragraphs } from './rich-text';
import './testimonials-section.css';
import './site-content.css';

export interface TestimonialsSectionProps {
  text?: Entry;
  items: Entry[];
}

/** What clients say: the testimonial text and a quote card per testimonial. */
export function TestimonialsSection({ text, items }: TestimonialsSectionProps) {
  if (items.length === 0) return null;
  return (
    <Section tone="muted" aria-labelledby="testimonials-heading">
      <Container>
        <div className="sc-head">
          <SectionHeading
            id="testimonials-heading"
            eyebrow={field(text, 'testimonialText') ?? 'Testimonials'}
            title={field(text, 'testimonialHeading') ?? 'What our clients say'}
            align="center"
          />
        </div>
        <ul className="sc-grid sc-grid--3 testimonial-grid">
          {items.map((item) => {
            const name = field(item, 'personName');
            return (
              <li key={item._id}>
                <figure className="testimonial-card">
                  <QuoteIcon className="testimonial-card__mark" />
                  <blockquote className="testimonial-card__quote">
                    <Paragraphs text={item.desc} />
                  </blockquote>
                  <figcaption className="testimonial-card__person">
                    <span className="sc-frame testimonial-card__avatar">
                      <ContentImage src={field(item, 'image')} alt={name ?? ''} />
                    </span>
                    <span>
                      <span className="testimonial-card__name">{name}</span>
                      <span className="testimonial-card__title">{field(item, 'personTitle')}</span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </Container>
    </Section>
  );
}
