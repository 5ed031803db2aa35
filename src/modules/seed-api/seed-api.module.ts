import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/index.js';
import { SeedRoutesRegistrar } from './seed-routes.registrar.js';

/** The old site's API paths (spec §7) as aliases of the modules' commands and queries. */
@Module({
  imports: [IdentityModule],
  providers: [SeedRoutesRegistrar],
})
export class SeedApiModule {}
