import type { Abstract, Provider, Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants.js';

/**
 * A feature module's HTTP side: its controllers and the providers that only serve HTTP (raw Fastify
 * routes, registrars). It lives in the module's `<name>.http.ts`, which only a role serving HTTP reads:
 * a worker never loads the controllers, their OpenAPI decorators, Fastify or the request schemas.
 */
export interface HttpSide {
  readonly controllers: readonly Type[];
  readonly providers?: readonly Provider[];
  /** Of those providers, the ones other modules use (a `@Global()` module's HTTP-only services). */
  readonly exports?: readonly (Type | Abstract<unknown> | symbol | string)[];
}

/**
 * `module` as the role needs it: where the role serves HTTP, its HTTP side (read now) joins its
 * `@Module()` metadata. The module stays the same class, so the modules that import it still import
 * the one instance (a dynamic module would be a second one, with every handler twice). Adding twice adds
 * nothing more.
 */
export async function withHttpSide<M extends Type>(
  module: M,
  http: boolean,
  load: () => Promise<{ HTTP_SIDE: HttpSide }>,
): Promise<M> {
  if (!http) return module;
  const { HTTP_SIDE } = await load();
  const add = (key: string, more: readonly unknown[]) => {
    const current = (Reflect.getMetadata(key, module) ?? []) as unknown[];
    const added = more.filter((item) => !current.includes(item));
    Reflect.defineMetadata(key, [...current, ...added], module);
  };
  add(MODULE_METADATA.CONTROLLERS, HTTP_SIDE.controllers);
  add(MODULE_METADATA.PROVIDERS, HTTP_SIDE.providers ?? []);
  add(MODULE_METADATA.EXPORTS, HTTP_SIDE.exports ?? []);
  return module;
}
