import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import {
  imageSizeFromUrl,
  type ContentSnapshot,
  type MediaManifest,
} from '../../../../contracts/content/index.js';
import { PUBLIC_PAGES, type PublicPage } from '../../../../contracts/public-pages.js';
import { pageIdOf, type PageCheckReport, scoreOf } from '../../../../contracts/seo/page-checks.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { GetContentSnapshotQuery } from '../../../content/index.js';
import { RenderSitePageQuery } from '../../../site/index.js';
import { checkPage, sitePathsOf } from '../../page-checks/page-checks.js';
import { metaOf, pageFacts } from '../../page-checks/page-facts.js';
import { PageChecksQuery } from './page-checks.query.js';

/** The pages meant to rank on their text (a thin one is warned about). */
const TEXT_PAGES = new Set<string>(['/', '/service/']);

@QueryHandler(PageChecksQuery)
export class PageChecksHandler implements IQueryHandler<PageChecksQuery> {
  private readonly origin: string;

  constructor(
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.origin = config.PUBLIC_URL.replace(/\/+$/, '');
  }

  async execute({ paths }: PageChecksQuery): Promise<PageCheckReport[]> {
    const pages = PUBLIC_PAGES.filter((page) => !paths || paths.includes(page.path));
    const { content } = await this.queryBus.execute(new GetContentSnapshotQuery());
    // Whether a linked path exists, asked of the renderer once per path for all the pages.
    const statuses = new Map<string, Promise<number>>();
    const statusOf = (path: string) => {
      let status = statuses.get(path);
      if (!status) {
        status = this.queryBus.execute(new RenderSitePageQuery(path)).then((page) => page.status);
        statuses.set(path, status);
      }
      return status;
    };
    // One page after the other: the renderer renders two at a time anyway.
    const reports: PageCheckReport[] = [];
    for (const page of pages) reports.push(await this.report(page, content, statusOf));
    return reports;
  }

  private async report(
    page: PublicPage,
    content: ContentSnapshot,
    statusOf: (path: string) => Promise<number>,
  ): Promise<PageCheckReport> {
    const url = `${this.origin}${page.path}`;
    const rendered = await this.queryBus.execute(new RenderSitePageQuery(page.path));
    const facts = pageFacts(rendered.html);
    const internalLinks = sitePathsOf(facts.links, url);
    const brokenLinks: string[] = [];
    for (const path of internalLinks) if ((await statusOf(path)) === 404) brokenLinks.push(path);
    const own = content.sections.seoPages?.find((entry) => entry.page === page.path);
    const checks = checkPage(facts, {
      url,
      ownDescription: Boolean(own?.description?.trim()),
      needsWords: TEXT_PAGES.has(page.path),
      imageSize: (image) => this.imageSize(image, content.media),
      internalLinks,
      brokenLinks,
    });
    return {
      pageId: pageIdOf(page.path),
      path: page.path,
      name: page.name,
      url,
      status: rendered.status,
      title: facts.titles[0] ?? '',
      description: metaOf(facts, 'description') ?? '',
      score: scoreOf(checks),
      checks,
    };
  }

  /** An image's size as the content knows it: its media manifest entry, or the size in its name. */
  private imageSize(image: string, media: MediaManifest | undefined) {
    const path = image.startsWith(`${this.origin}/`) ? image.slice(this.origin.length) : image;
    const known = media?.[path];
    return known ? { width: known.width, height: known.height } : imageSizeFromUrl(path);
  }
}
