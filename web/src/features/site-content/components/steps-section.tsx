import { type Entry } from '@contracts/content';
import { Container, Section, SectionHeading } from '../../../components/ui/page';
import { field } from '../api/get-content';
import { Paragraphs } from './rich-text';
import './steps-section.css';
import './site-content.css';

/** By step number when every step has a numeric one, otherwise as stored. */
function inStepOrder(steps: Entry[]): Entry[] {
  const numbers = steps.map((step) => Number(field(step, 'stepNumber')));
  if (numbers.some((number) => Number.isNaN(number))) return steps;
  return steps
    .map((step, index) => ({ step, number: numbers[index] ?? 0 }))
    .sort((a, b) => a.number - b.number)
    .map(({ step }) => step);
}

/** How getting started works: numbered steps on a line. */
export function StepsSection({ steps }: { steps: Entry[] }) {
  if (steps.length === 0) return null;
  return (
    <Section aria-labelledby="steps-heading">
      <Container>
        <div className="sc-head">
          <SectionHeading
            id="steps-heading"
            eyebrow="Getting started"
            title="How it works"
            align="center"
          />
        </div>
        <ol className="steps-line">
          {inStepOrder(steps).map((step) => (
            <li key={step._id} className="steps-line__item">
              <span className="steps-line__number" aria-hidden="true">
                {field(step, 'stepNumber')}
              </span>
              <h3 className="steps-line__title">{field(step, 'stepTitle')}</h3>
              <Paragraphs className="steps-line__text" text={step.stepDetails} />
            </li>
          ))}
        </ol>
      </Container>
    </Section>
  );
}
