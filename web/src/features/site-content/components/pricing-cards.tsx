import { type Entry } from '@contracts/content';
import { billingOf, PER_MONTH } from '@contracts/billing';
import { toMoney } from '@contracts/money';
import { LinkButton } from '../../../components/ui/button';
import { field } from '../api/get-content';
import { CheckIcon } from './section-icons';
import './pricing-cards.css';

const PACKAGE_ORDER = ['Basic', 'Premium', 'Standard'];
const POINT_NAMES = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];
/** The package shown as the recommended one. */
const FEATURED = 'Premium';

/** The pricing record's price as a decimal (`499` → `499.00`); a price it cannot read, as written. */
function displayPrice(price: string | undefined): string {
  if (!price) return '';
  return /^\d{1,7}(\.\d{1,2})?$/.test(price) ? toMoney(price) : price;
}

function rank(entry: Entry): number {
  const index = PACKAGE_ORDER.indexOf(field(entry, 'packageName') ?? '');
  return index === -1 ? PACKAGE_ORDER.length : index;
}

export interface PricingCardsProps {
  packages: Entry[];
  /** 3 under a section heading (landing page), 2 under the page's h1 (pricing page). */
  headingLevel?: 2 | 3;
}

/**
 * The packages, Basic, Premium and Standard in that order, each with its price (`$499.00`, or
 * `$499.00/month` for a monthly plan) and a link to its order form.
 */
export function PricingCards({ packages, headingLevel = 3 }: PricingCardsProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const ordered = [...packages].sort((a, b) => rank(a) - rank(b));

  return (
    <ul className="pricing-grid">
      {ordered.map((entry) => {
        const name = field(entry, 'packageName') ?? 'Package';
        const featured = name === FEATURED;
        const points = POINT_NAMES.map((n) => field(entry, `packagePoint${n}`)).filter(
          (point): point is string => Boolean(point),
        );
        const headingId = `pricing-${entry._id}`;
        return (
          <li
            key={entry._id}
            className={['pricing-card', featured && 'pricing-card--featured']
              .filter(Boolean)
              .join(' ')}
          >
            <div className="pricing-card__head">
              <Heading id={headingId} className="pricing-card__name">
                {name}
              </Heading>
              {featured && <span className="pricing-card__badge">Most popular</span>}
            </div>
            <p className="pricing-card__price">
              <span className="pricing-card__currency">$</span>
              {displayPrice(field(entry, 'packagePrice'))}
              {billingOf(entry) === 'monthly' && (
                <span className="pricing-card__period">{PER_MONTH}</span>
              )}
            </p>
            <ul className="pricing-card__points" aria-label={`${name} package includes`}>
              {points.map((point, index) => (
                <li key={index}>
                  <CheckIcon />
                  {point}
                </li>
              ))}
            </ul>
            <LinkButton
              to={`/order-now/${encodeURIComponent(entry._id)}`}
              variant={featured ? 'primary' : 'secondary'}
              size="lg"
              block
              className="pricing-card__button"
              aria-label={`${field(entry, 'packageButtonText') ?? 'Order Now'}: ${name} package`}
            >
              {field(entry, 'packageButtonText') ?? 'Order Now'}
            </LinkButton>
          </li>
        );
      })}
    </ul>
  );
}
