/**
 * Lighthouse 13's own audits of the files crawlers and agents fetch (robots.txt, llms.txt and the ARD
 * manifest ai-catalog.json), run on a text without a browser: the checks `npm run bench` would apply.
 */
import ArdSchemaAudit from 'lighthouse/core/audits/agentic/ard-schema.js';
import LlmsTxtAudit from 'lighthouse/core/audits/agentic/llms-txt.js';
import RobotsTxtAudit from 'lighthouse/core/audits/seo/robots-txt.js';

export interface AuditOutcome {
  score: number | null;
  /** The table rows the audit reported (the errors and warnings), as JSON for a readable failure. */
  issues: string[];
}

function outcome(product: unknown): AuditOutcome {
  const { score, details } = product as {
    score: number | null;
    details?: { items?: unknown[] };
  };
  return { score, issues: (details?.items ?? []).map((item) => JSON.stringify(item)) };
}

export const robotsTxtAudit = (content: string) =>
  outcome(RobotsTxtAudit.audit({ RobotsTxt: { status: 200, content } } as never));

export const llmsTxtAudit = (content: string) =>
  outcome(LlmsTxtAudit.audit({ LlmsTxt: { status: 200, content } } as never));

/** The manifest as found at /.well-known/ai-catalog.json (no other discovery signal). */
export const aiCatalogAudit = (content: string) =>
  outcome(
    ArdSchemaAudit.audit({
      AgentResourceDiscovery: {
        status: 200,
        content,
        discoverySignals: {
          robotsTxtAgentmap: null,
          htmlLink: null,
          httpHeaderLink: null,
          wellKnown: 'https://example.com/.well-known/ai-catalog.json',
        },
      },
    } as never),
  );
