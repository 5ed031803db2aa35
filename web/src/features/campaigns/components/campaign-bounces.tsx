import { type Campaign } from '@contracts/campaigns';

/**
 * What mail providers reported for a campaign's recipients: addresses that bounced (hard: blocked at
 * once; soft: blocked after repeated ones) and spam complaints. Nothing while there are none.
 */
export function CampaignBounces({ campaign }: { campaign: Campaign }) {
  const bounces = campaign.bounces;
  if (!bounces || bounces.hard + bounces.soft + bounces.complaints === 0) return null;
  return (
    <section className="campaign-bounces" aria-labelledby={`campaign-bounces-${campaign.id}`}>
      <h3 id={`campaign-bounces-${campaign.id}`}>Bounces and complaints</h3>
      <dl className="campaign-bounces__list">
        <div>
          <dt>Bounced</dt>
          <dd>{bounces.hard}</dd>
        </div>
        <div>
          <dt>Soft bounces</dt>
          <dd>{bounces.soft}</dd>
        </div>
        <div>
          <dt>Complained</dt>
          <dd>{bounces.complaints}</dd>
        </div>
      </dl>
    </section>
  );
}
