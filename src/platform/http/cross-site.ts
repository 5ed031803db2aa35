import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';
import { ApiExtension } from '@nestjs/swagger';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `allowed`: other sites may send this route unsafe requests (see same-origin.hook.ts). */
    crossSite?: 'allowed';
  }
}

/**
 * The route `config` of a route that other sites or servers post to on purpose, e.g. a payment
 * provider's webhook. A raw route declares it (`crossSite: { reason }`, see raw-routes/raw-route.ts),
 * and its registrar sets this config and documents it as `x-cross-site: allowed`.
 */
export const CROSS_SITE_ALLOWED = { crossSite: 'allowed' } as const;

/**
 * Exempts a Nest route from the cross-site check of unsafe requests, for the same kind of endpoint. It
 * must be `@Access('public')` (start-up fails otherwise): a route that acts on the session cookie would
 * be open to cross-site request forgery. Shown as `x-cross-site: allowed` in the OpenAPI document. It
 * sets the route's whole `@RouteConfig`: a route needing more config spreads CROSS_SITE_ALLOWED into one.
 */
export function AllowCrossSite() {
  return applyDecorators(
    RouteConfig(CROSS_SITE_ALLOWED),
    ApiExtension('x-cross-site', CROSS_SITE_ALLOWED.crossSite),
  );
}

/** Whether a Nest route handler's config allows cross-site requests (for the start-up checks). */
export function allowsCrossSite(handler: object): boolean {
  const config = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as
    { crossSite?: unknown } | undefined;
  return config?.crossSite === CROSS_SITE_ALLOWED.crossSite;
}
