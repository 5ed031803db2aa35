import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Global, Module } from '@nestjs/common';
import { AuditEntry } from './audit-entry.entity.js';

/** Registers the audit log's table; modules write to it with `recordAudit` in their own transactions. */
@Global()
@Module({ imports: [MikroOrmModule.forFeature([AuditEntry])] })
export class AuditModule {}
