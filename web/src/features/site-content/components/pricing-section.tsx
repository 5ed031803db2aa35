import { type Entry } from '@contracts/content';
import { Container, Section, SectionHeading } from '../../../components/ui/page';
import { PricingCards } from './pricing-cards';
import './site-content.css';

/** The landing page's pricing plans (`#pricing-sec`). */
export function PricingSection({ packages }: { packages: Entry[] }) {
  if (packages.length === 0) return null;
  return (
    <Section id="pricing-sec" tone="muted" aria-labelledby="pricing-sec-heading">
      <Container>
        <div className="sc-head">
          <SectionHeading
            id="pricing-sec-heading"
            eyebrow="Pricing"
            title="Pricing Plan"
            align="center"
          >
            <p>Clear packages with no long-term contract. Pick one and order it in a minute.</p>
          </SectionHeading>
        </div>
        <PricingCards packages={packages} />
      </Container>
    </Section>
  );
}
