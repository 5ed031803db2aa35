import { type CheckStatus, type PageCheck } from '@contracts/seo/page-checks';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import './seo.css';

const TONES: Record<CheckStatus, BadgeTone> = { pass: 'success', warn: 'warning', fail: 'neutral' };
const WORDS: Record<CheckStatus, string> = { pass: 'Pass', warn: 'Warning', fail: 'Fail' };

export function StatusBadge({ status }: { status: CheckStatus }) {
  return (
    <span className={`seo-status seo-status--${status}`}>
      <Badge tone={TONES[status]}>{WORDS[status]}</Badge>
    </span>
  );
}

/** A score out of 100, toned like Lighthouse's: 90 and above good, 50 and above middling. */
export function ScoreBadge({ score }: { score: number }) {
  const tone = score >= 90 ? 'good' : score >= 50 ? 'average' : 'poor';
  return (
    <span className={`seo-score seo-score--${tone}`} aria-label={`Score ${score} of 100`}>
      {score}
    </span>
  );
}

/** A page's checks: each one's status, the reason and what it found. */
export function PageChecksList({ checks }: { checks: readonly PageCheck[] }) {
  return (
    <ul className="seo-checks">
      {checks.map((check) => (
        <li key={check.id} className="seo-checks__item">
          <StatusBadge status={check.status} />
          <div>
            <strong>{check.label}</strong>{' '}
            <span className="seo-checks__reason">{check.reason}</span>
            {check.status !== 'pass' && check.details.length > 0 ? (
              <ul className="seo-checks__details">
                {check.details.slice(0, 10).map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
