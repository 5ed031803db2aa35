import { type Entry } from '@contracts/content';
import { Container, Section } from '../../../components/ui/page';
import { field } from '../api/get-content';
import { ContentImage } from './content-image';
import { Paragraphs } from './rich-text';
import { type Skill, SkillBars, skillsOf } from './skill-bars';
import './about-section.css';
import './experience-section.css';
import './site-content.css';

/** The service page's bars when the experience section does not give its own. */
const DEFAULT_SKILLS: Skill[] = [
  { label: 'Search engine optimisation', percent: 85 },
  { label: 'Content marketing', percent: 65 },
  { label: 'Link building', percent: 79 },
];

export interface ServiceAboutSectionProps {
  about?: Entry;
  experience?: Entry;
}

/** The service page's about block: the about text and image with three skill bars. */
export function ServiceAboutSection({ about, experience }: ServiceAboutSectionProps) {
  const heading =
    field(about, 'aboutHeading') ??
    field(experience, 'experienceHeading') ??
    'Skills that move rankings';
  const eyebrow = field(about, 'aboutText') ?? field(experience, 'experienceText') ?? 'About us';
  const details = field(about, 'aboutDetails') ?? field(experience, 'experienceDetails');
  const image = field(about, 'aboutImgOne');

  return (
    <Section tone="muted" aria-labelledby="service-about-heading">
      <Container className={image ? 'about-block' : undefined}>
        {image && (
          <div className="about-block__media">
            <div className="sc-frame about-block__frame">
              <ContentImage src={image} alt={heading} />
            </div>
          </div>
        )}
        <div className="about-block__copy">
          <p className="eyebrow">{eyebrow}</p>
          <h2 id="service-about-heading" className="about-block__title">
            {heading}
          </h2>
          <Paragraphs className="about-block__text" text={details} />
          <div className="service-about__skills">
            <SkillBars skills={skillsOf(experience) ?? DEFAULT_SKILLS} />
          </div>
        </div>
      </Container>
    </Section>
  );
}
