import type { SectionKey } from '../../../contracts/content/index.js';
import {
  contactOf,
  field,
  type SiteFacts,
  singleton,
  siteNameOf,
  siteSummaryOf,
  siteUrl,
} from '../site-facts/site-facts.js';
import { AGENT_SKILL_NAME, AGENT_SKILL_PATH } from './agent-skill.js';
import { oneLine } from './escaping.js';

/** The Agent Skills type of the ARD specification's standard discovery types. */
export const AGENT_SKILL_MEDIA_TYPE = 'text/markdown; profile="urn:air:agent-skills"';

/** The sections the catalog is made from (the only ones read for it). */
export const AI_CATALOG_SECTIONS: readonly SectionKey[] = [
  'seo',
  'footerAbout',
  'footerAddress',
  'logo',
  'serviceItems',
];

/** A URN segment (`[a-zA-Z0-9.-]`): PUBLIC_URL's host name, without its port. */
const urnPublisher = (publicUrl: string) =>
  new URL(publicUrl).hostname.replace(/[^a-zA-Z0-9.-]/g, '-') || 'localhost';

export interface AiCatalogInput extends SiteFacts {
  /** The last change of the content the skill is made from (ISO 8601), if any. */
  readonly updatedAt?: string;
}

/**
 * /.well-known/ai-catalog.json: the Agentic Resource Discovery (ARD 1.0) manifest Lighthouse 13's
 * `ard-schema` audit validates. The site has no MCP server or A2A agent; the one resource it offers
 * machines is its Agent Skill (agent-skill.ts), listed by reference (`url`, never `data` too)
 * with a domain-anchored URN, one of the standard types and 2–5 representative queries.
 */
export function aiCatalog({ publicUrl, content, updatedAt }: AiCatalogInput): object {
  const name = oneLine(siteNameOf(content));
  const summary = siteSummaryOf(content);
  const logo = field(singleton(content, 'logo'), 'logo');
  const contact = contactOf(content);
  const tags = (content.serviceItems ?? [])
    .map((entry) => field(entry, 'serviceTitle'))
    .filter((title): title is string => title !== undefined)
    .map(oneLine);
  const metadata = Object.fromEntries(
    Object.entries({
      schemaOrgType: 'ProfessionalService',
      email: contact.email,
      telephone: contact.phone,
      address: contact.address,
      priceCurrency: 'USD',
    }).filter(([, value]) => value !== undefined),
  );
  return {
    specVersion: '1.0',
    host: {
      displayName: name,
      documentationUrl: siteUrl(publicUrl, '/'),
      ...(logo ? { logoUrl: siteUrl(publicUrl, logo) } : {}),
    },
    entries: [
      {
        identifier: `urn:air:${urnPublisher(publicUrl)}:skills:${AGENT_SKILL_NAME}`,
        displayName: `${name}: services, packages and contact`,
        type: AGENT_SKILL_MEDIA_TYPE,
        url: siteUrl(publicUrl, AGENT_SKILL_PATH),
        ...(summary ? { description: oneLine(summary) } : {}),
        ...(tags.length > 0 ? { tags } : {}),
        representativeQueries: [
          `what does ${name} offer`,
          `how much do ${name}'s SEO packages cost`,
          `how do I contact ${name} about an SEO project`,
        ],
        ...(updatedAt ? { updatedAt } : {}),
        metadata,
      },
    ],
  };
}
