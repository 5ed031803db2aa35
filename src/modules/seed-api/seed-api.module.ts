import { Module } from '@nestjs/common';
import { SeedRawRoutes } from './seed-raw-routes.js';

/** The old site's API paths (spec §7) as aliases of the modules' commands and queries. */
@Module({ providers: [SeedRawRoutes] })
export class SeedApiModule {}
