import { type Entry } from '@contracts/content';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useId, useSyncExternalStore } from 'react';
import { Container, Section, SectionHeading } from '../../../components/ui/page';
import { field } from '../api/get-content';
import { ContentImage } from './content-image';
import { ArrowRightIcon } from './icons';
import { ArrowLeftIcon } from './section-icons';
import './team-section.css';
import './site-content.css';

type Embla = ReturnType<typeof useEmblaCarousel>[1];

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Whether the carousel can move back and forward, following its own events. */
function useScrollState(embla: Embla) {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!embla) return () => {};
      embla.on('select', onChange).on('reInit', onChange);
      return () => {
        embla.off('select', onChange).off('reInit', onChange);
      };
    },
    [embla],
  );
  const canPrev = useSyncExternalStore(
    subscribe,
    () => embla?.canScrollPrev() ?? false,
    () => false,
  );
  const canNext = useSyncExternalStore(
    subscribe,
    () => embla?.canScrollNext() ?? false,
    () => false,
  );
  return { canPrev, canNext };
}

export interface TeamSectionProps {
  text?: Entry;
  members: Entry[];
}

/** The team text and a carousel of members (4, 3, 2 or 1 per view by width). */
export function TeamSection({ text, members }: TeamSectionProps) {
  if (members.length === 0) return null;
  return <TeamCarousel text={text} members={members} />;
}

function TeamCarousel({ text, members }: TeamSectionProps) {
  const viewportId = useId();
  const [viewportRef, embla] = useEmblaCarousel({ align: 'start', containScroll: 'trimSnaps' });
  const { canPrev, canNext } = useScrollState(embla);

  return (
    <Section tone="muted" aria-labelledby="team-heading">
      <Container>
        <div className="sc-head sc-head--split">
          <SectionHeading
            id="team-heading"
            eyebrow={field(text, 'teamText') ?? 'Our team'}
            title={field(text, 'teamHeading') ?? 'Meet the team'}
          />
          <div className="team-carousel__controls" hidden={!canPrev && !canNext}>
            <button
              type="button"
              className="team-carousel__arrow"
              aria-label="Previous team members"
              aria-controls={viewportId}
              disabled={!canPrev}
              onClick={() => embla?.scrollPrev(prefersReducedMotion())}
            >
              <ArrowLeftIcon />
            </button>
            <button
              type="button"
              className="team-carousel__arrow"
              aria-label="Next team members"
              aria-controls={viewportId}
              disabled={!canNext}
              onClick={() => embla?.scrollNext(prefersReducedMotion())}
            >
              <ArrowRightIcon />
            </button>
          </div>
        </div>
        <div
          className="team-carousel"
          role="region"
          aria-roledescription="carousel"
          aria-labelledby="team-heading"
        >
          <div className="team-carousel__viewport" ref={viewportRef} id={viewportId}>
            <div className="team-carousel__track">
              {members.map((member, index) => {
                const name = field(member, 'teamMemberName');
                return (
                  <div
                    key={member._id}
                    className="team-carousel__slide"
                    role="group"
                    aria-roledescription="slide"
                    aria-label={`${index + 1} of ${members.length}`}
                  >
                    <article className="team-card">
                      <div className="sc-frame team-card__frame">
                        <ContentImage src={field(member, 'teamMemberImg')} alt={name ?? ''} />
                      </div>
                      <h3 className="team-card__name">{name}</h3>
                      <p className="team-card__title">{field(member, 'teamMemberTitle')}</p>
                    </article>
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      </Container>
    </Section>
  );
}
