import './contact-form.css';

const TIPS = [
  'The address of your website',
  'What you want to achieve: more visitors, more enquiries or better rankings',
  'Any deadline or budget we should know about',
];

export interface ContactTipsProps {
  /** The heading's level in its page's outline: one below the heading it sits under. */
  headingLevel?: 2 | 3;
}

/** A short list of what makes a useful first message. */
export function ContactTips({ headingLevel = 3 }: ContactTipsProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="contact-tips">
      <Heading className="contact-tips__title">Helpful to include</Heading>
      <ul className="contact-tips__list">
        {TIPS.map((tip) => (
          <li key={tip}>
            <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm3.9 6.2-4.6 5a1 1 0 0 1-1.47.02L5.6 10.4a1 1 0 1 1 1.45-1.38l1.5 1.58 3.88-4.24a1 1 0 1 1 1.47 1.35Z"
              />
            </svg>
            {tip}
          </li>
        ))}
      </ul>
    </div>
  );
}
