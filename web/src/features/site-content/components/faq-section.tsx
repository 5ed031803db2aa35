import { type Entry } from '@contracts/content';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Container, Section, SectionHeading } from '../../../components/ui/page';
import { field } from '../api/get-content';
import { ChevronDownIcon } from './section-icons';
import { Paragraphs } from './rich-text';
import './faq-section.css';
import './site-content.css';

export interface FaqSectionProps {
  text?: Entry;
  items: Entry[];
}

/** The FAQ text and its questions as an accordion (the first one open). */
export function FaqSection({ text, items }: FaqSectionProps) {
  if (items.length === 0) return null;
  return (
    <Section aria-labelledby="faq-heading">
      <Container className="faq-block">
        <div className="faq-block__intro">
          <SectionHeading
            id="faq-heading"
            eyebrow={field(text, 'faqText') ?? 'FAQ'}
            title={field(text, 'faqHeading') ?? 'Frequently asked questions'}
          />
          <div className="faq-block__help">
            <p className="faq-block__help-title">Still have a question?</p>
            <p>
              We are happy to help. <Link to="/#contact-sec">Send us a message</Link> and we reply
              within one working day.
            </p>
          </div>
        </div>
        <FaqAccordion items={items} />
      </Container>
    </Section>
  );
}

function FaqAccordion({ items }: { items: Entry[] }) {
  const idPrefix = useId();
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(
    () => new Set(items[0] ? [items[0]._id] : []),
  );
  const toggle = (id: string) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="faq-list">
      {items.map((item, index) => {
        const open = openIds.has(item._id);
        const buttonId = `${idPrefix}-q${index}`;
        const panelId = `${idPrefix}-a${index}`;
        return (
          <div key={item._id} className="faq-item" data-open={open || undefined}>
            <h3 className="faq-item__heading">
              <button
                type="button"
                id={buttonId}
                className="faq-item__button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggle(item._id)}
              >
                <span>{field(item, 'accodingTitle')}</span>
                <span className="faq-item__chevron" aria-hidden="true">
                  <ChevronDownIcon />
                </span>
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className="faq-item__panel"
              hidden={!open}
            >
              <Paragraphs text={item.accodingText} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
