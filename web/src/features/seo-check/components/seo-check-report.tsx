import { type CheckOutcome, type SeoCheckItem, type SeoCheckReport } from '@contracts/seo-check';
import './seo-check.css';

const OUTCOME_TEXT: Record<CheckOutcome, string> = { pass: 'Pass', warn: 'Warning', fail: 'Fail' };

/** One item: its outcome, what was found, why it matters, its weight and the facts behind it. */
function ReportItem({ item }: { item: SeoCheckItem }) {
  return (
    <li className={`seo-report__item seo-report__item--${item.outcome}`}>
      <div className="seo-report__item-head">
        <h3 className="seo-report__label">{item.label}</h3>
        <span className={`seo-report__outcome seo-report__outcome--${item.outcome}`}>
          {OUTCOME_TEXT[item.outcome]}
        </span>
      </div>
      <p className="seo-report__summary">{item.summary}</p>
      <p className="seo-report__why">
        <strong>Why it matters: </strong>
        {item.why}
      </p>
      <p className="seo-report__weight">
        {item.points} of {item.weight} points
      </p>
      {item.details.length > 0 && (
        <ul className="seo-report__details">
          {item.details.map((detail, index) => (
            <li key={index}>{detail}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * A check's report. Everything in it comes from someone's page: it is rendered as text only (React
 * escapes it; no markup of the page is ever interpreted).
 */
export function SeoCheckReportView({ report }: { report: SeoCheckReport }) {
  const counts = { pass: 0, warn: 0, fail: 0 };
  for (const item of report.items) counts[item.outcome]++;
  return (
    <div className="seo-report">
      <div className="seo-report__score card">
        <p className="seo-report__score-value" aria-label={`Score ${report.score} out of 100`}>
          {report.score}
          <span>/100</span>
        </p>
        <p>
          {counts.pass} passed, {counts.warn} warnings, {counts.fail} failed. Checked{' '}
          <span className="seo-report__url">{report.finalUrl}</span> (HTTP {report.status},{' '}
          {report.responseMs} ms).
        </p>
      </div>
      <ul className="seo-report__items">
        {report.items.map((item) => (
          <ReportItem key={item.key} item={item} />
        ))}
      </ul>
    </div>
  );
}
