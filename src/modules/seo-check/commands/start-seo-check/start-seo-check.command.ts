import { Command } from '@nestjs/cqrs';
import type { SeoCheckStarted, StartSeoCheck } from '../../../../contracts/seo-check.js';

export class StartSeoCheckCommand extends Command<SeoCheckStarted> {
  constructor(
    readonly input: StartSeoCheck,
    /** The client's IP (TRUST_PROXY honoured), for the per-IP limit. */
    readonly ip: string,
  ) {
    super();
  }
}
