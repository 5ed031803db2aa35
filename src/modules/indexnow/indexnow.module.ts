import { withHttpSide } from '../../platform/http/http-side.js';
import { Module } from '@nestjs/common';
import { SetIndexNowEnabledHandler } from './commands/set-indexnow-enabled.command.js';
import { IndexNowConfig } from './domain/indexnow-config.js';
import { QueueIndexNowSubmissionHandler } from './jobs/queue-indexnow-submission.handler.js';
import { SubmitIndexNowProcessor } from './jobs/submit-indexnow.processor.js';
import { GetIndexNowStatusHandler } from './queries/get-indexnow-status.query.js';

/**
 * IndexNow (indexnow.org): after a content change, the public pages showing it are submitted to
 * search engines in one queued, retried submission; the key file proves the site's ownership. Loaded
 * by every role: the API serves the key file and the SEO hub's panel, the worker queues and sends.
 */
@Module({
  providers: [
    IndexNowConfig,
    QueueIndexNowSubmissionHandler,
    SubmitIndexNowProcessor,
    GetIndexNowStatusHandler,
    SetIndexNowEnabledHandler,
  ],
})
export class IndexNowModule {
  /** With its controllers and HTTP routes (indexnow.http.ts) where the role serves HTTP. */
  static forRole(http: boolean): Promise<typeof IndexNowModule> {
    return withHttpSide(IndexNowModule, http, () => import('./indexnow.http.js'));
  }
}
