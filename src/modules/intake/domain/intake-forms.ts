import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import {
  INTAKE_TEXTS,
  INTAKE_VERSIONS_LISTED,
  type IntakeField,
  type IntakeFormPackage,
  type IntakeFormState,
  type IntakeFormVersion,
} from '../../../contracts/intake.js';
import { isUuid } from '../../../contracts/ids.js';
import type { AuditActor } from '../../../platform/audit/audit-actor.js';
import { recordAudit } from '../../../platform/audit/audit-trail.js';
import { PricingPackages, type PricingPackage } from './pricing-packages.js';

interface VersionRow {
  id: string;
  package_id: string;
  version: number;
  fields: IntakeField[];
  saved_by: string | null;
  saved_at: Date | string;
}

const COLUMNS = `id, package_id, version, fields, saved_by, saved_at`;

export const toVersion = (row: VersionRow): IntakeFormVersion => ({
  id: row.id,
  packageId: row.package_id,
  version: row.version,
  fields: row.fields,
  savedBy: row.saved_by,
  savedAt: new Date(row.saved_at).toISOString(),
});

/** A version with at least one question: the package asks for details after the payment. */
export const asksQuestions = (form: IntakeFormVersion | null): form is IntakeFormVersion =>
  form !== null && form.fields.length > 0;

/** The newest version of a package's form, in `em` (a transaction's or a fork). */
export async function latestForm(
  em: EntityManager,
  packageId: string,
): Promise<IntakeFormVersion | null> {
  const [row] = await em.execute<VersionRow[]>(
    `select ${COLUMNS} from intake_form_version where package_id = ? order by version desc limit 1`,
    [packageId],
  );
  return row ? toVersion(row) : null;
}

export async function formVersion(
  em: EntityManager,
  id: string,
): Promise<IntakeFormVersion | null> {
  const [row] = await em.execute<VersionRow[]>(
    `select ${COLUMNS} from intake_form_version where id = ?`,
    [id],
  );
  return row ? toVersion(row) : null;
}

/**
 * Adds the next version of a package's form in `tx` (one at a time per package: two admins saving
 * at once get versions n and n+1, never the same number).
 */
export async function addFormVersion(
  tx: EntityManager,
  packageId: string,
  fields: IntakeField[],
  savedBy: string | null,
): Promise<IntakeFormVersion> {
  await tx.execute(`select pg_advisory_xact_lock(hashtext('intake_form:' || ?))`, [packageId]);
  const [row] = await tx.execute<VersionRow[]>(
    `insert into intake_form_version (id, package_id, version, fields, saved_by, saved_at)
     select ?, ?, coalesce(max(version), 0) + 1, ?::jsonb, ?, now()
       from intake_form_version where package_id = ?
     returning ${COLUMNS}`,
    [randomUUID(), packageId, JSON.stringify(fields), savedBy, packageId],
  );
  return toVersion(row!);
}

/** The admins' side of the forms: list, read, save (a new version) and restore. */
@Injectable()
export class IntakeForms {
  constructor(
    private readonly em: EntityManager,
    private readonly packages: PricingPackages,
  ) {}

  async list(): Promise<IntakeFormPackage[]> {
    const packages = await this.packages.all();
    const rows = await this.em.fork().execute<(VersionRow & { field_count: number })[]>(
      `select distinct on (package_id) ${COLUMNS}, jsonb_array_length(fields) as field_count
         from intake_form_version order by package_id, version desc`,
    );
    const latest = new Map(rows.map((row) => [row.package_id, row]));
    return packages.map((pkg) => {
      const row = latest.get(pkg.id);
      return {
        packageId: pkg.id,
        packageName: pkg.name,
        deliveryDays: pkg.deliveryDays,
        version: row?.version ?? null,
        fieldCount: row ? Number(row.field_count) : 0,
        savedBy: row?.saved_by ?? null,
        savedAt: row ? new Date(row.saved_at).toISOString() : null,
      };
    });
  }

  async state(packageId: string): Promise<IntakeFormState> {
    const pkg = await this.requirePackage(packageId);
    return {
      packageId: pkg.id,
      packageName: pkg.name,
      deliveryDays: pkg.deliveryDays,
      current: await latestForm(this.em.fork(), pkg.id),
    };
  }

  async versions(packageId: string): Promise<IntakeFormVersion[]> {
    const pkg = await this.requirePackage(packageId);
    const rows = await this.em
      .fork()
      .execute<VersionRow[]>(
        `select ${COLUMNS} from intake_form_version where package_id = ? order by version desc limit ?`,
        [pkg.id, INTAKE_VERSIONS_LISTED],
      );
    return rows.map(toVersion);
  }

  async save(
    packageId: string,
    fields: IntakeField[],
    actor: AuditActor,
  ): Promise<IntakeFormVersion> {
    const pkg = await this.requirePackage(packageId);
    return this.em.fork().transactional(async (tx) => {
      const before = await latestForm(tx, pkg.id);
      const saved = await addFormVersion(tx, pkg.id, fields, actor.email);
      recordAudit(tx, actor, {
        kind: 'intake-form.saved',
        targetType: 'intake_form',
        targetId: pkg.id,
        summary: `Questionnaire of ${pkg.name} saved as version ${saved.version}`,
        before: before && { version: before.version, fields: before.fields },
        after: { version: saved.version, fields: saved.fields },
      });
      return saved;
    });
  }

  async restore(
    packageId: string,
    versionId: string,
    actor: AuditActor,
  ): Promise<IntakeFormVersion> {
    const pkg = await this.requirePackage(packageId);
    return this.em.fork().transactional(async (tx) => {
      const old = isUuid(versionId) ? await formVersion(tx, versionId) : null;
      if (!old || old.packageId !== pkg.id)
        throw new NotFoundException(INTAKE_TEXTS.versionMissing);
      const before = await latestForm(tx, pkg.id);
      const saved = await addFormVersion(tx, pkg.id, old.fields, actor.email);
      recordAudit(tx, actor, {
        kind: 'intake-form.restored',
        targetType: 'intake_form',
        targetId: pkg.id,
        summary: `Questionnaire of ${pkg.name}: version ${old.version} restored as version ${saved.version}`,
        before: before && { version: before.version, fields: before.fields },
        after: { version: saved.version, fields: saved.fields, restoredFrom: old.version },
      });
      return saved;
    });
  }

  private async requirePackage(packageId: string): Promise<PricingPackage> {
    const pkg = isUuid(packageId) ? await this.packages.find(packageId) : null;
    if (!pkg) throw new NotFoundException(INTAKE_TEXTS.packageMissing);
    return pkg;
  }
}
