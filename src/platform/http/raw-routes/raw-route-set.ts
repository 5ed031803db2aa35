import type { RawMount, RawRoute } from './raw-route.js';

/**
 * A provider declaring raw routes (see raw-route.ts). A module lists it in its providers; the
 * platform's RawRouteRegistrar finds every loaded one, serves its routes with their access and input
 * checks, and documents them in OpenAPI. A module that is not loaded (the PayPal simulator without
 * PAYPAL_MODE=simulator, every HTTP module in the worker role) serves none.
 */
export abstract class RawRouteSet {
  abstract routes(): readonly RawRoute[];

  /** Routes another library registers under a prefix, behind an access level. */
  mounts(): readonly RawMount[] {
    return [];
  }
}
