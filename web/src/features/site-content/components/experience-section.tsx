import { type Entry } from '@contracts/content';
import { Container, Section } from '../../../components/ui/page';
import { field } from '../api/get-content';
import { Paragraphs } from './rich-text';
import { SkillBars, skillsOf } from './skill-bars';
import './experience-section.css';
import './site-content.css';

/** The experience text beside its three skill bars. */
export function ExperienceSection({ experience }: { experience: Entry }) {
  const skills = skillsOf(experience);
  return (
    <Section aria-labelledby="experience-heading">
      <Container className="experience-block">
        <div className="experience-block__copy">
          {field(experience, 'experienceText') && (
            <p className="eyebrow">{field(experience, 'experienceText')}</p>
          )}
          <h2 id="experience-heading" className="experience-block__title">
            {field(experience, 'experienceHeading') ?? 'Our experience'}
          </h2>
          <Paragraphs className="experience-block__text" text={experience.experienceDetails} />
        </div>
        {skills && (
          <div className="card experience-block__skills">
            <SkillBars skills={skills} />
          </div>
        )}
      </Container>
    </Section>
  );
}
