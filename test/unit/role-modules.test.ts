import { describe, expect, it } from '@jest/globals';
import { MODULE_METADATA } from '@nestjs/common/constants.js';
import { FEATURE_MODULES, featureModulesForRole } from '../../src/app.module.js';

/** The modules whose processors, domain-event handlers or e-mail templates run in the worker. */
const WORKER_MODULES = [
  'identity',
  'content',
  'media',
  'messages',
  'newsletter',
  'orders',
  'deliverables',
  'order-thread',
  'intake',
  'payments',
  'notifications',
  'seo-check',
  'indexnow',
];
/** The HTTP layer and the modules that only serve routes. */
const HTTP_ONLY = ['http', 'ops', 'files', 'invoices', 'seed-api', 'seo', 'insights'];

describe('the modules each role loads', () => {
  it('a worker loads every module with jobs or handlers, and no HTTP layer', () => {
    const worker = featureModulesForRole('worker', 'simulator');
    expect([...worker].sort()).toEqual([...WORKER_MODULES].sort());
    for (const name of [...HTTP_ONLY, 'paypal-simulator']) expect(worker).not.toContain(name);
  });

  it('an API process and an all-in-one process load everything the worker does, and the HTTP layer', () => {
    for (const role of ['api', 'all'] as const) {
      const modules = featureModulesForRole(role, 'simulator');
      for (const name of [...WORKER_MODULES, ...HTTP_ONLY, 'paypal-simulator']) {
        expect(modules).toContain(name);
      }
      expect(new Set(modules).size).toBe(modules.length);
    }
  });

  it('the PayPal simulator is loaded only in simulator mode', () => {
    expect(featureModulesForRole('all', 'live')).not.toContain('paypal-simulator');
    expect(featureModulesForRole('api', 'sandbox')).not.toContain('paypal-simulator');
  });

  it('a worker registers no controller, and only the roles serving HTTP add a module’s own', async () => {
    const controllersOf = (module: unknown) =>
      (Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module as object) ?? []) as unknown[];
    for (const name of WORKER_MODULES) {
      const load = FEATURE_MODULES[name as keyof typeof FEATURE_MODULES];
      expect(controllersOf(await load(false))).toEqual([]);
    }
    // Then as an API process loads them: the same module classes, now with their controllers.
    const newsletter = await FEATURE_MODULES.newsletter(true);
    expect(controllersOf(newsletter).length).toBeGreaterThan(0);
    expect(await FEATURE_MODULES.newsletter(false)).toBe(newsletter);
  });
});
