import { type Entry } from '@contracts/content';
import { LinkButton } from '../../../components/ui/button';
import { Container } from '../../../components/ui/page';
import { field } from '../api/get-content';
import { ContentLink } from './content-link';
import { ArrowRightIcon } from './icons';
import './call-to-action-section.css';

/**
 * The closing call to action. Its button goes where the entry says; without a button link it
 * leads to the contact form, so the band always offers a next step.
 */
export function CallToActionSection({ action }: { action: Entry }) {
  const link = field(action, 'buttonLink');
  return (
    <section className="cta-band" aria-labelledby="cta-heading">
      <Container>
        <div className="cta-band__panel">
          <div className="cta-band__copy">
            <h2 id="cta-heading" className="cta-band__title">
              {field(action, 'heading')}
            </h2>
            {field(action, 'subHeading') && (
              <p className="cta-band__text">{field(action, 'subHeading')}</p>
            )}
          </div>
          <div className="cta-band__actions">
            {link ? (
              <ContentLink href={link} className="btn btn--primary btn--lg">
                {field(action, 'buttonText') ?? 'Get started'}
                <ArrowRightIcon />
              </ContentLink>
            ) : (
              <LinkButton to="/#contact-sec" size="lg">
                Get in touch
                <ArrowRightIcon />
              </LinkButton>
            )}
          </div>
        </div>
      </Container>
    </section>
  );
}
