import { type Entry } from '@contracts/content';
import { field } from '../api/get-content';
import './skill-bars.css';

export interface Skill {
  label: string;
  percent: number;
}

const SKILLS = ['One', 'Two', 'Three'];

/** The experience section's three skills, or `undefined` when one of them is missing. */
export function skillsOf(experience: Entry | undefined): Skill[] | undefined {
  const skills = SKILLS.map((n) => ({
    label: field(experience, `skill${n}Text`),
    percent: Number(field(experience, `skill${n}Number`)),
  }));
  if (skills.some((skill) => !skill.label || !Number.isFinite(skill.percent))) return undefined;
  return skills as Skill[];
}

/** Labelled bars; the percentage is written out, the bar only draws it. */
export function SkillBars({ skills }: { skills: Skill[] }) {
  return (
    <ul className="skill-bars">
      {skills.map((skill) => {
        const percent = Math.min(100, Math.max(0, skill.percent));
        return (
          <li key={skill.label} className="skill-bars__item">
            <div className="skill-bars__label">
              <span>{skill.label}</span>
              <span className="skill-bars__value">{percent}%</span>
            </div>
            <div className="skill-bars__track" aria-hidden="true">
              <div className="skill-bars__fill" style={{ width: `${percent}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
