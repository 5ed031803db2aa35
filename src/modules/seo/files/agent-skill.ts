import type { SectionKey } from '../../../contracts/content/index.js';
import {
  contactOf,
  field,
  packagesOf,
  type SiteFacts,
  siteNameOf,
  siteSummaryOf,
  siteUrl,
  packagePrice,
} from '../site-facts/site-facts.js';
import { markdownInline, markdownParagraph, oneLine } from './escaping.js';

/** The skill's name (agentskills.io: lowercase and hyphens, and the name of its folder in the URL). */
export const AGENT_SKILL_NAME = 'agency-services';

/** Where the skill is served (the Agent Skills discovery RFC's well-known folder). */
export const AGENT_SKILL_PATH = `/.well-known/agent-skills/${AGENT_SKILL_NAME}/SKILL.md`;

/** The sections the skill is made from (the only ones read for it). */
export const AGENT_SKILL_SECTIONS: readonly SectionKey[] = [
  'seo',
  'footerAbout',
  'footerAddress',
  'pricing',
  'serviceItems',
];

/** The frontmatter's description is at most 1024 characters. */
const MAX_DESCRIPTION = 1024;

/**
 * The agency as an Agent Skill (a SKILL.md, agentskills.io): what it offers, its packages with their
 * prices, and how a person orders one or gets in touch, for an agent acting for that person. The AI
 * catalog (ai-catalog.json) lists it. YAML values are JSON strings, which YAML reads as they are.
 */
export function agentSkillMd({ publicUrl, content }: SiteFacts): string {
  const name = siteNameOf(content);
  const summary = siteSummaryOf(content);
  const contact = contactOf(content);
  const description = oneLine(
    `${name}'s services, its SEO packages with their prices in US dollars, and how to order one ` +
      `or get in touch. Use it when someone asks what ${name} does, what it costs or how to reach it.`,
  ).slice(0, MAX_DESCRIPTION);
  const url = (path: string) => siteUrl(publicUrl, path);

  const services = (content.serviceItems ?? []).flatMap((entry) => {
    const title = field(entry, 'serviceTitle');
    const details = field(entry, 'serviceDetails');
    return title
      ? [`- ${markdownInline(title)}${details ? `: ${markdownInline(details)}` : ''}`]
      : [];
  });
  const packages = packagesOf(content).map(
    (pack) =>
      `- ${markdownInline(pack.name)}, ${packagePrice(pack)}: ${markdownInline(pack.points.join('; '))}`,
  );
  const contactLines = [
    `- The contact form: ${url('/contact')}`,
    contact.email && `- E-mail: ${markdownInline(contact.email)}`,
    contact.phone && `- Phone: ${markdownInline(contact.phone)}`,
    contact.address && `- Address: ${markdownInline(contact.address)}`,
  ].filter((line): line is string => Boolean(line));

  const blocks = [
    ['---', `name: ${AGENT_SKILL_NAME}`, `description: ${JSON.stringify(description)}`, '---'].join(
      '\n',
    ),
    `# ${markdownInline(name)}: services, packages and contact`,
    ...(summary ? [markdownParagraph(summary)] : []),
    ...(services.length > 0 ? [['## Services', '', ...services].join('\n')] : []),
    ...(packages.length > 0
      ? [
          [
            '## Packages',
            '',
            `Prices are in US dollars. The pricing page is the reference: ${url('/pricing/')}`,
            '',
            ...packages,
          ].join('\n'),
        ]
      : []),
    [
      '## Ordering a package',
      '',
      `1. The person creates an account (${url('/register')}) or logs in (${url('/login')}).`,
      `2. On the pricing page (${url('/pricing/')}) they choose the package and place the order.`,
      '3. They pay for it online; the order and its payment then show on their dashboard.',
      '',
      'Orders and payments need the person themselves: do not enter passwords or payment details for them.',
    ].join('\n'),
    ['## Contact', '', ...contactLines].join('\n'),
    'Quote only the services, packages and prices listed here; do not promise rankings.',
  ];
  return `${blocks.join('\n\n')}\n`;
}
