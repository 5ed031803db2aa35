import { readFile } from 'node:fs/promises';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  Optional,
  ServiceUnavailableException,
} from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PageGate, type PageVisit } from './page-gate.js';
import { webAppDir } from './web-app-dir.js';
import { sendWebPage } from './web-page-reply.js';
import { WEB_PAGE_RENDERER, type WebPage, type WebPageRenderer } from './web-page-renderer.js';

/** A path no route of the web app names: rendered for its not-found page (a 410's body). */
const NOT_FOUND_PAGE_PATH = '/~gone~';

/**
 * The web app's pages: the page renderer's (server-rendered public pages, a 404 for unknown paths)
 * when a module provides one, else the SPA's index.html. A module's `PageGate` (the redirect rules)
 * answers first when it has a rule for the path: a redirect, or the not-found page with 410; every
 * page that answers 404 is reported to it.
 */
@Injectable()
export class WebPages implements OnApplicationBootstrap {
  private indexHtml: Promise<string> | undefined;
  private gate: PageGate | undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    @Optional() @Inject(WEB_PAGE_RENDERER) private readonly pages?: WebPageRenderer,
  ) {}

  onApplicationBootstrap(): void {
    this.gate = this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .find((instance): instance is PageGate => instance instanceof PageGate);
  }

  async serve(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const visit: PageVisit = {
      url: request.url,
      referrer: request.headers.referer,
      ip: request.ip,
    };
    const decision = await this.gate?.decide(visit);
    if (decision?.kind === 'redirect') {
      await reply
        .code(decision.status)
        .header('location', decision.location)
        .header('cache-control', 'no-cache')
        .send();
      return;
    }
    const indexHtml = await this.loadIndex();
    if (decision?.kind === 'gone') {
      const page = await this.render(NOT_FOUND_PAGE_PATH, indexHtml);
      await sendWebPage(request, reply, { ...page, status: 410 });
      return;
    }
    const page = await this.render(request.url, indexHtml);
    if (page.status === 404) await this.gate?.notFound(visit);
    await sendWebPage(request, reply, page);
  }

  private render(url: string, indexHtml: string): Promise<WebPage> {
    return this.pages
      ? this.pages.render(url, indexHtml)
      : Promise.resolve({ status: 200, html: indexHtml });
  }

  private loadIndex(): Promise<string> {
    this.indexHtml ??= readFile(`${webAppDir}/index.html`, 'utf8').catch(() => {
      this.indexHtml = undefined;
      throw new ServiceUnavailableException('The web app is not built: run `npm run build`');
    });
    return this.indexHtml;
  }
}
