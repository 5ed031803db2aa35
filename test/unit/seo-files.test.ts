/**
 * The generators of the files crawlers and agents read (src/modules/seo/files), on the demo content
 * and on hostile content: robots.txt against RFC 9309's matching and Lighthouse's audit, sitemap.xml
 * parsed as XML, llms.txt parsed as Markdown and audited, ai-catalog.json against Lighthouse's ARD audit,
 * and the Agent Skill's frontmatter.
 */
import { describe, expect, it } from '@jest/globals';
import { JSDOM } from 'jsdom';
import { marked, type Tokens } from 'marked';
import { type Entry, SECTIONS, type SectionKey } from '../../src/contracts/content/index.js';
import { isCrawlable, ROBOTS_DISALLOW } from '../../src/contracts/crawling.js';
import { PUBLIC_PAGES } from '../../src/contracts/public-pages.js';
import type { ContentChanges } from '../../src/modules/content/index.js';
import { DEMO_CONTENT } from '../../src/modules/content/demo/demo-content.js';
import {
  AGENT_SKILL_PATH,
  AGENT_SKILL_SECTIONS,
  agentSkillMd,
} from '../../src/modules/seo/files/agent-skill.js';
import { AI_CATALOG_SECTIONS, aiCatalog } from '../../src/modules/seo/files/ai-catalog.js';
import { markdownInline, xmlText } from '../../src/modules/seo/files/escaping.js';
import { LLMS_TXT_SECTIONS, llmsTxt } from '../../src/modules/seo/files/llms-txt.js';
import { robotsTxt } from '../../src/modules/seo/files/robots-txt.js';
import { sitemapXml } from '../../src/modules/seo/files/sitemap-xml.js';
import type { SiteContent } from '../../src/modules/seo/site-facts/site-facts.js';
import { aiCatalogAudit, llmsTxtAudit, robotsTxtAudit } from '../support/lighthouse-audits.js';

const PUBLIC_URL = 'https://www.seo-agency.example';
const ID = 'aaaaaaaa-0000-4000-8000-000000000001';

/** The demo content as the content module lists it (each record with an `_id`). */
const demoContent: SiteContent = Object.fromEntries(
  Object.entries(DEMO_CONTENT).map(([key, records]) => [
    key,
    (records ?? []).map((record, index): Entry => ({ _id: `${key}-${index}`, ...record })),
  ]),
);

/** The demo content with some records' fields replaced. */
function withFields(changes: Partial<Record<SectionKey, Record<string, string>>>): SiteContent {
  const content: Record<string, Entry[]> = { ...(demoContent as Record<string, Entry[]>) };
  for (const [key, fields] of Object.entries(changes)) {
    content[key] = content[key]!.map((entry, index) =>
      index === 0 ? { ...entry, ...fields } : entry,
    );
  }
  return content;
}

/** Text that breaks a format written without escaping: XML, CDATA, Markdown links, HTML, headings. */
const HOSTILE = 'A <b>&amp; B</b> ]]> [x](https://evil.example) `code` \\ & C\n\n# Heading\n- item';

const xmlDocument = (xml: string) =>
  new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');

describe('robots.txt', () => {
  const robots = robotsTxt(PUBLIC_URL);
  const lines = robots.split('\n');

  it("passes Lighthouse's robots.txt audit", () => {
    expect(robotsTxtAudit(robots)).toStrictEqual({ score: 1, issues: [] });
  });

  it('is one group for every crawler, then the sitemap at PUBLIC_URL', () => {
    expect(lines.filter((line) => line.startsWith('User-agent:'))).toStrictEqual(['User-agent: *']);
    expect(lines.filter((line) => line.startsWith('Sitemap:'))).toStrictEqual([
      `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
    ]);
    for (const line of lines) {
      // Every line is a comment, blank, or a directive Lighthouse and RFC 9309 know.
      expect(line).toMatch(/^(#.*|User-agent: \*|(Allow|Disallow): [/*]\S*|Sitemap: \S+|)$/);
    }
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain('Disallow: /dashboard');
    expect(lines).toContain('Allow: /$');
  });

  it('lets crawlers fetch every public page (and the content they render from)', () => {
    for (const page of PUBLIC_PAGES)
      expect([page.path, isCrawlable(page.path)]).toEqual([page.path, true]);
    for (const path of [
      '/pricing',
      '/contact-us',
      '/api/content',
      '/demo/hero-1200x900.svg',
      '/assets/x.js',
    ]) {
      expect([path, isCrawlable(path)]).toEqual([path, true]);
    }
  });

  it('keeps crawlers out of the API, account pages and every content admin screen', () => {
    const closed = [
      '/api/auth/session',
      '/api/content/banner',
      '/admin',
      '/admin/audit',
      `/admin-user/${ID}`,
      '/setting',
      '/dashboard',
      // A free SEO check's result: shareable, not a page to land on.
      `/seo-check/${ID}`,
      '/my-order',
      '/pending-order',
      `/order-now/${ID}`,
      `/pay-now/${ID}`,
      `/received-payment/${ID}`,
      `/order-cancelled/${ID}`,
      '/reset?token=x',
      '/verify-email?token=x',
      '/newsletter/confirm?token=x',
    ];
    for (const section of SECTIONS) {
      closed.push(section.admin.listPath, section.admin.listPath.replace(/(.)\/$/, '$1'));
      // The about editor (`/{id}`) is one segment like any page: it is left to its noindex.
      if (section.admin.editPath !== '/{id}')
        closed.push(section.admin.editPath.replace('{id}', ID));
    }
    for (const path of closed) expect([path, isCrawlable(path)]).toEqual([path, false]);
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /edit-seo', 'Disallow: /page-seo/']));
  });

  it('matches like RFC 9309: the longest pattern wins, an allow wins a tie, `$` ends the path', () => {
    expect(isCrawlable('/')).toBe(true); // Allow: /$
    expect(isCrawlable('/api/content')).toBe(true); // Allow: /api/content$ is longer than /api/
    expect(isCrawlable('/api/content/banner')).toBe(false); // …but anchored
    expect(isCrawlable('/some-page')).toBe(true); // no rule
    expect(ROBOTS_DISALLOW).not.toContain('/'); // nothing closes the whole site
  });
});

describe('sitemap.xml', () => {
  const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
  const changes: ContentChanges = {
    sections: { logo: at(1), seo: at(2), banner: at(5), pricing: at(7), footerAddress: at(3) },
    byUniqueValue: { seoPages: { '/contact': at(9), '/login': at(1) } },
  };

  it('is well-formed sitemaps.org XML listing the public pages to land on, /thanks left out', () => {
    const document = xmlDocument(sitemapXml(PUBLIC_URL, changes));
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(document.documentElement.namespaceURI).toBe(
      'http://www.sitemaps.org/schemas/sitemap/0.9',
    );
    const locs = [...document.getElementsByTagName('loc')].map((loc) => loc.textContent);
    expect(locs).toStrictEqual(
      ['/', '/pricing/', '/service/', '/contact', '/login', '/register', '/seo-check'].map(
        (path) => `${PUBLIC_URL}${path}`,
      ),
    );
  });

  it('dates each page by the latest change of what it shows: the shell, its sections, its Page SEO', () => {
    const document = xmlDocument(sitemapXml(PUBLIC_URL, changes));
    const lastmods = Object.fromEntries(
      [...document.getElementsByTagName('url')].map((url) => [
        url.getElementsByTagName('loc')[0]!.textContent!.replace(PUBLIC_URL, ''),
        url.getElementsByTagName('lastmod')[0]?.textContent,
      ]),
    );
    expect(lastmods).toStrictEqual({
      '/': at(7), // pricing is on the landing page too
      '/pricing/': at(7),
      '/service/': at(3), // footer address (shell); banner and pricing are not on it
      '/contact': at(9), // its own Page SEO entry
      '/login': at(3),
      '/register': at(3),
      '/seo-check': at(3),
    });
  });

  it('leaves lastmod out for a page whose content was never written', () => {
    const xml = sitemapXml(PUBLIC_URL, { sections: {}, byUniqueValue: {} });
    expect(xmlDocument(xml).getElementsByTagName('lastmod')).toHaveLength(0);
    expect(xmlDocument(xml).getElementsByTagName('url')).toHaveLength(7);
  });

  it('escapes text for XML and drops characters XML cannot hold', () => {
    expect(xmlText(`a&b<c>"d'\u0001]]>`)).toBe('a&#38;b&#60;c&#62;&#34;d&#39;]]&#62;');
    const document = xmlDocument(`<a>${xmlText(HOSTILE)}</a>`);
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(document.documentElement.textContent).toBe(HOSTILE);
  });
});

/** The Markdown's top-level tokens, spaces left out. */
const blocks = (markdown: string) =>
  marked.lexer(markdown).filter((token) => token.type !== 'space');

/**
 * Every link of the Markdown written as a link, by CommonMark's rules (GFM would also turn bare
 * addresses in the text into links: content may hold an address, but never a link's syntax).
 */
function linksOf(markdown: string): { text: string; href: string }[] {
  const tokens = marked.lexer(markdown, { gfm: false });
  const links: { text: string; href: string }[] = [];
  marked.walkTokens(tokens, (token) => {
    if (token.type === 'link')
      links.push({ text: (token as Tokens.Link).text, href: (token as Tokens.Link).href });
  });
  return links;
}

describe('llms.txt', () => {
  const llms = llmsTxt({ publicUrl: PUBLIC_URL, content: demoContent });

  it("passes Lighthouse's llms.txt audit", () => {
    expect(llmsTxtAudit(llms)).toStrictEqual({ score: 1, issues: [] });
  });

  it('is llmstxt.org Markdown: an H1 with the name, a summary quote, details, then H2 link lists', () => {
    const tokens = blocks(llms);
    expect(tokens[0]).toMatchObject({ type: 'heading', depth: 1, text: 'SEO Agency' });
    expect(tokens[1]).toMatchObject({ type: 'blockquote' });
    expect(tokens[1]!.raw).toContain('get found on Google');
    const headings = tokens
      .filter((token) => token.type === 'heading')
      .map((token) => token.raw.trim());
    expect(headings).toStrictEqual(['# SEO Agency', '## Pages', '## Packages', '## Optional']);
    expect(llms.startsWith('# SEO Agency\n')).toBe(true);
  });

  it('links every page to land on with its Page SEO description, and every package with its USD price', () => {
    const links = linksOf(llms);
    expect(links.map((link) => link.href)).toStrictEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/pricing/`,
      `${PUBLIC_URL}/service/`,
      `${PUBLIC_URL}/contact`,
      `${PUBLIC_URL}/seo-check`,
      `${PUBLIC_URL}/pricing/`,
      `${PUBLIC_URL}/pricing/`,
      `${PUBLIC_URL}/pricing/`,
      `${PUBLIC_URL}/login`,
      `${PUBLIC_URL}/register`,
    ]);
    expect(links.slice(5, 8).map((link) => link.text)).toStrictEqual([
      // The demo's packages are monthly plans.
      'Basic: $149/month',
      'Premium: $499/month',
      'Standard: $299/month',
    ]);
    expect(llms).toContain(
      `- [Pricing](${PUBLIC_URL}/pricing/): Compare our Basic, Standard and Premium SEO packages`,
    );
    expect(llms).toContain('Technical SEO audit; Keyword research for 10 pages;');
    expect(llms).not.toContain('/thanks');
  });

  it('falls back to the header’s name and each page’s own summary without SEO settings', () => {
    const rest = { ...demoContent, seo: [], seoPages: [] };
    const plain = llmsTxt({ publicUrl: PUBLIC_URL, content: rest });
    expect(
      plain.startsWith('# SEO Agency\n\n> SEO Agency helps small and mid-sized businesses'),
    ).toBe(true);
    expect(plain).toContain(`- [Pricing](${PUBLIC_URL}/pricing/): Every package with its price`);
  });

  it('keeps hostile content as text: no extra link, heading, HTML or broken link syntax', () => {
    const content = withFields({
      seo: { siteName: HOSTILE, defaultDescription: HOSTILE },
      footerAbout: { aboutFooterDetails: `# ${HOSTILE}` },
      pricing: { packageName: 'Basic', packagePointOne: 'Audit](https://evil.example) [' },
      seoPages: { description: HOSTILE },
    });
    const hostile = llmsTxt({ publicUrl: PUBLIC_URL, content });
    const tokens = blocks(hostile);
    expect(tokens[0]).toMatchObject({ type: 'heading', depth: 1 });
    expect(tokens[0]!.raw.split('\n').filter(Boolean)).toHaveLength(1); // the H1 is one line
    expect(tokens.filter((token) => token.type === 'heading')).toHaveLength(4);
    expect(tokens.filter((token) => token.type === 'html')).toHaveLength(0);
    const links = linksOf(hostile);
    expect(links.map((link) => link.href)).toStrictEqual(linksOf(llms).map((l) => l.href));
    expect(links[0]!.text).toBe('Home');
    expect(marked.parse(hostile, { gfm: false })).not.toMatch(/<b>|href="https:\/\/evil/);
    expect(llmsTxtAudit(hostile).score).toBe(1);
  });

  it('escapes what opens links, code and HTML in Markdown text', () => {
    expect(markdownInline('a](b) <i> `c` \\ &amp; & d\ne')).toBe(
      'a\\](b) \\<i\\> \\`c\\` \\\\ \\&amp; & d e',
    );
  });
});

describe('ai-catalog.json', () => {
  const updatedAt = '2026-03-01T10:07:00.000Z';
  const catalog = aiCatalog({ publicUrl: PUBLIC_URL, content: demoContent, updatedAt });

  it("passes Lighthouse's ARD schema audit with no error or warning", () => {
    expect(aiCatalogAudit(JSON.stringify(catalog))).toStrictEqual({ score: 1, issues: [] });
  });

  it('lists the Agent Skill by reference, under a URN of PUBLIC_URL’s host', () => {
    expect(catalog).toMatchObject({
      specVersion: '1.0',
      host: {
        displayName: 'SEO Agency',
        documentationUrl: `${PUBLIC_URL}/`,
        logoUrl: `${PUBLIC_URL}/demo/logo-240x48.svg`,
      },
      entries: [
        {
          identifier: 'urn:air:www.seo-agency.example:skills:agency-services',
          type: 'text/markdown; profile="urn:air:agent-skills"',
          url: `${PUBLIC_URL}${AGENT_SKILL_PATH}`,
          updatedAt,
          metadata: { email: 'hello@seo-agency.example', priceCurrency: 'USD' },
        },
      ],
    });
    expect(catalog).not.toHaveProperty('entries.0.data');
  });

  it('stays valid with hostile content and a PUBLIC_URL with a port', () => {
    const content = withFields({
      seo: { siteName: HOSTILE },
      logo: { logo: 'https://cdn.example/l-1x1.png' },
    });
    const odd = aiCatalog({ publicUrl: 'http://127.0.0.1:3000', content });
    expect(aiCatalogAudit(JSON.stringify(odd))).toStrictEqual({ score: 1, issues: [] });
    expect(odd).toMatchObject({
      entries: [{ identifier: 'urn:air:127.0.0.1:skills:agency-services' }],
    });
  });
});

describe('the Agent Skill', () => {
  it('has agentskills.io frontmatter (its name, a description) and the packages with USD prices', () => {
    const skill = agentSkillMd({ publicUrl: PUBLIC_URL, content: demoContent });
    const match = /^---\nname: ([a-z0-9-]+)\ndescription: (".*")\n---\n/.exec(skill);
    expect(match?.[1]).toBe('agency-services');
    expect(AGENT_SKILL_PATH).toBe(`/.well-known/agent-skills/${match?.[1]}/SKILL.md`);
    expect(JSON.parse(match![2]!)).toMatch(/^SEO Agency's services/);
    expect(skill).toContain('- Basic, $149/month: Technical SEO audit;');
    expect(skill).toContain(`${PUBLIC_URL}/contact`);
  });

  it('keeps the frontmatter one JSON string whatever the name', () => {
    const skill = agentSkillMd({
      publicUrl: PUBLIC_URL,
      content: withFields({ seo: { siteName: 'A "B"\n---\nname: x' } }),
    });
    const frontmatter = skill.split('\n').slice(0, 4);
    expect(frontmatter[0]).toBe('---');
    expect(frontmatter[1]).toBe('name: agency-services');
    expect(JSON.parse(frontmatter[2]!.replace('description: ', ''))).toContain('A "B" --- name: x');
    expect(frontmatter[3]).toBe('---');
  });
});

describe('the sections each file is read from', () => {
  const only = (keys: readonly SectionKey[]): SiteContent =>
    Object.fromEntries(keys.map((key) => [key, demoContent[key] ?? []]));

  it('are all it uses: given only those, each file is the same', () => {
    const facts = (keys: readonly SectionKey[]) => ({ publicUrl: PUBLIC_URL, content: only(keys) });
    const full = { publicUrl: PUBLIC_URL, content: demoContent };
    expect(llmsTxt(facts(LLMS_TXT_SECTIONS))).toBe(llmsTxt(full));
    expect(agentSkillMd(facts(AGENT_SKILL_SECTIONS))).toBe(agentSkillMd(full));
    expect(aiCatalog(facts(AI_CATALOG_SECTIONS))).toStrictEqual(aiCatalog(full));
  });
});
