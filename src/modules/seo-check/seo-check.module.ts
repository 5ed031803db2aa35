import { withHttpSide } from '../../platform/http/http-side.js';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { StartSeoCheckHandler } from './commands/start-seo-check/start-seo-check.handler.js';
import { SeoCheck } from './domain/seo-check.entity.js';
import { SeoCheckThrottle } from './domain/seo-check-throttle.js';
import { SeoChecker } from './domain/seo-checker.js';
import { DeliverSeoCheckReportHandler } from './jobs/deliver-seo-check-report.handler.js';
import { RunSeoCheckProcessor } from './jobs/run-seo-check.processor.js';
import { GetSeoCheckHandler } from './queries/get-seo-check/get-seo-check.handler.js';

/**
 * The free SEO check for visitors: the public form's API (queued checks, cached 24 hours, rate
 * limited), the worker that fetches the page through the SSRF-safe fetcher and makes the report, and
 * the report's e-mail with its lead and optional newsletter sign-up.
 */
@Module({
  imports: [MikroOrmModule.forFeature([SeoCheck])],
  providers: [
    SeoCheckThrottle,
    SeoChecker,
    StartSeoCheckHandler,
    GetSeoCheckHandler,
    RunSeoCheckProcessor,
    DeliverSeoCheckReportHandler,
  ],
})
export class SeoCheckModule {
  /** With its controllers and HTTP routes (seo-check.http.ts) where the role serves HTTP. */
  static forRole(http: boolean): Promise<typeof SeoCheckModule> {
    return withHttpSide(SeoCheckModule, http, () => import('./seo-check.http.js'));
  }
}
