import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Container, Section } from '../../../components/ui/page';
import './banner-section.css';
import './site-content.css';

/** Announced once while the content loads; the blocks keep the page's shape meanwhile. */
function LoadingLabel() {
  return (
    <p className="visually-hidden" role="status">
      Loading…
    </p>
  );
}

/** The landing page's first screen while the content loads: the hero's shape, then a tall block. */
export function LandingSkeleton() {
  return (
    <div aria-busy="true">
      <LoadingLabel />
      <div className="hero">
        <Container className="hero__inner">
          <div className="hero__copy">
            <span className="sc-skeleton sc-skeleton--line" style={{ width: '40%' }} />
            <span className="sc-skeleton sc-skeleton--title" />
            <span className="sc-skeleton sc-skeleton--title" />
            <span className="sc-skeleton sc-skeleton--title" style={{ width: '60%' }} />
            <span className="sc-skeleton sc-skeleton--line" />
            <span className="sc-skeleton sc-skeleton--line" />
            <span className="sc-skeleton sc-skeleton--line" style={{ width: '70%' }} />
            <span className="sc-skeleton sc-skeleton--button" />
          </div>
          <div className="hero__media">
            <span className="sc-skeleton hero__frame" />
          </div>
        </Container>
      </div>
      <Container className="section">
        <span className="sc-skeleton sc-skeleton-block" />
      </Container>
    </div>
  );
}

/** An inner page's body while the content loads. */
export function SectionsSkeleton({ blocks = 2 }: { blocks?: number }) {
  return (
    <div aria-busy="true">
      <LoadingLabel />
      {Array.from({ length: blocks }, (_, index) => (
        <Container key={index} className="section">
          <span className="sc-skeleton sc-skeleton-block" />
        </Container>
      ))}
    </div>
  );
}

export interface ContentErrorProps {
  onRetry: () => void;
  isRetrying: boolean;
}

/** The content could not be loaded: say so and offer to try again. */
export function ContentError({ onRetry, isRetrying }: ContentErrorProps) {
  return (
    <Section>
      <Container narrow>
        <Alert tone="error" className="sc-load-error">
          <p>
            This part of the page could not be loaded. Please check your connection and try again.
          </p>
          <Button
            variant="secondary"
            onClick={onRetry}
            isLoading={isRetrying}
            loadingText="Retrying…"
          >
            Try again
          </Button>
        </Alert>
      </Container>
    </Section>
  );
}
