import { type Entry } from '@contracts/content';
import { Container, Section, SectionHeading } from '../../../components/ui/page';
import { field } from '../api/get-content';
import { ContentImage } from './content-image';
import './contact-cards-section.css';
import './site-content.css';

/** Ways to reach the agency: a card per contact entry. */
export function ContactCardsSection({ cards }: { cards: Entry[] }) {
  if (cards.length === 0) return null;
  return (
    <Section aria-labelledby="contact-cards-heading" className="contact-cards">
      <Container>
        <div className="sc-head">
          <SectionHeading
            id="contact-cards-heading"
            eyebrow="Contact"
            title="We are easy to reach"
            align="center"
          />
        </div>
        <ul className="sc-grid sc-grid--3 contact-cards__list">
          {cards.map((card) => (
            <li key={card._id} className="contact-card">
              <span className="sc-icon-chip">
                <ContentImage src={field(card, 'contactImg')} alt="" />
              </span>
              <div>
                <h3 className="contact-card__title">{field(card, 'contactTitle')}</h3>
                <p className="contact-card__text">{field(card, 'contactDetails')}</p>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </Section>
  );
}
