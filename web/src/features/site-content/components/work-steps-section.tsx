import { type Entry } from '@contracts/content';
import { Container, Section, SectionHeading } from '../../../components/ui/page';
import { field } from '../api/get-content';
import { ContentImage } from './content-image';
import { Paragraphs } from './rich-text';
import './steps-section.css';
import './site-content.css';

/** The work process, 01 to 04, each with its icon. */
export function WorkStepsSection({ steps }: { steps: Entry[] }) {
  if (steps.length === 0) return null;
  const ordered = [...steps].sort((a, b) =>
    (field(a, 'stepNumber') ?? '').localeCompare(field(b, 'stepNumber') ?? ''),
  );
  return (
    <Section tone="muted" aria-labelledby="work-steps-heading">
      <Container>
        <div className="sc-head">
          <SectionHeading
            id="work-steps-heading"
            eyebrow="Work process"
            title="How we deliver results"
            align="center"
          />
        </div>
        <ol className="sc-grid sc-grid--4 work-steps">
          {ordered.map((step) => (
            <li key={step._id} className="work-step">
              <span className="work-step__number" aria-hidden="true">
                {field(step, 'stepNumber')}
              </span>
              <span className="sc-icon-chip work-step__icon">
                <ContentImage src={field(step, 'stapIcon')} alt="" />
              </span>
              <h3 className="work-step__title">
                <span className="visually-hidden">Step {field(step, 'stepNumber')}: </span>
                {field(step, 'stepTitle')}
              </h3>
              <Paragraphs className="work-step__text" text={step.stepDetails} />
            </li>
          ))}
        </ol>
      </Container>
    </Section>
  );
}
