import type { OpenAPIObject, SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  accessExtension,
  forbiddenDescription,
  SESSION_COOKIE_SECURITY,
  staffRolesOf,
} from '../../auth/access.js';
import { CROSS_SITE_ALLOWED } from '../cross-site.js';
import {
  bodyOf,
  bodySchemaOf,
  isDocumented,
  isTokenAccess,
  type MediaDoc,
  type RawMount,
  type RawRoute,
  rawRoute,
  type ResponseDoc,
} from './raw-route.js';

type Schemas = Record<string, SchemaObject>;
type Paths = OpenAPIObject['paths'];
type PathItem = Paths[string];
type Operation = Record<string, unknown>;

/**
 * A zod schema as OpenAPI 3.0, the way Nest documents its routes' schemas: a schema named by its
 * `meta({ id })` is a component (added when missing), referred to by $ref.
 */
function openApiSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
  schemas: Schemas,
): SchemaObject | { $ref: string } {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' });
  const root = JSON.parse(
    JSON.stringify(json).replaceAll('"#/definitions/', '"#/components/schemas/'),
  ) as SchemaObject & { definitions?: Schemas; $schema?: string };
  const definitions = root.definitions ?? {};
  delete root.definitions;
  delete root.$schema;
  for (const [id, definition] of Object.entries(definitions)) schemas[id] ??= definition;
  return root;
}

const errorResponse = (description: string, schemas: Schemas) => ({
  description,
  content: { 'application/json': { schema: openApiSchema(errorBodySchema, 'output', schemas) } },
});

/** `/api/things/:id` → `/api/things/{id}` */
const documentedPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** Each property of an object schema as a parameter of the given place. */
function parametersOf(
  schema: z.ZodType | undefined,
  place: 'path' | 'query',
  schemas: Schemas,
): Operation[] {
  if (!schema) return [];
  const object = openApiSchema(schema, 'input', schemas) as SchemaObject;
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as SchemaObject;
    return {
      name,
      in: place,
      required: place === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function requestBodyOf(route: RawRoute, schemas: Schemas): Operation | undefined {
  const docs = isDocumented(route.docs) ? route.docs : undefined;
  if (docs?.requestBody) return { ...docs.requestBody };
  const schema = bodySchemaOf(route);
  if (!schema) return undefined;
  const type =
    bodyOf(route)?.mode === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  return {
    required: true,
    content: { [type]: { schema: openApiSchema(schema, 'input', schemas) } },
  };
}

function responseOf(doc: string | ResponseDoc, schemas: Schemas): Operation {
  if (typeof doc === 'string') return { description: doc };
  const content: Record<string, MediaDoc> = { ...doc.content };
  if (doc.json)
    content['application/json'] = { schema: openApiSchema(doc.json, 'output', schemas) };
  return { description: doc.description, ...(Object.keys(content).length ? { content } : {}) };
}

/** The operation of one documented raw route: access, exemption, inputs and answers included. */
function operationOf(route: RawRoute, schemas: Schemas): Operation | undefined {
  if (!isDocumented(route.docs)) return undefined;
  const { docs, access } = route;
  const session = !isTokenAccess(access) && access !== 'public';
  const validated = Boolean(route.params || route.query || bodySchemaOf(route));
  const responses: Record<string, Operation> = {};
  for (const [status, doc] of Object.entries(docs.responses)) {
    responses[status] = responseOf(doc, schemas);
  }
  if (validated) {
    responses['400'] ??= errorResponse('Invalid input: each bad field named in `fields`', schemas);
  }
  if (session) responses['401'] ??= errorResponse('Not signed in', schemas);
  const roles = isTokenAccess(access) ? null : staffRolesOf(access);
  if (roles) responses['403'] ??= errorResponse(forbiddenDescription(roles), schemas);
  const requestBody = requestBodyOf(route, schemas);
  const parameters = [
    ...parametersOf(route.params, 'path', schemas),
    ...parametersOf(route.query, 'query', schemas),
    ...(docs.headers ?? []).map((header) => ({ ...header, in: 'header', required: false })),
  ];
  return {
    'x-access': isTokenAccess(access) ? access.token : accessExtension(access),
    ...(route.crossSite
      ? {
          'x-cross-site': CROSS_SITE_ALLOWED.crossSite,
          'x-cross-site-reason': route.crossSite.reason,
        }
      : {}),
    tags: [...docs.tags],
    operationId: docs.operationId,
    summary: docs.summary,
    ...(docs.description ? { description: docs.description } : {}),
    ...(session ? { security: [{ [SESSION_COOKIE_SECURITY]: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/**
 * The OpenAPI entries of every documented raw route, merged into `document` (a path may also have
 * Nest operations of other methods). Called with the same routes the registrar serves, so a raw
 * route is documented the moment it exists.
 */
export function addRawRoutesTo(
  document: OpenAPIObject,
  routes: readonly RawRoute[],
  mounts: readonly RawMount[] = [],
): void {
  const components = (document.components ??= {});
  const schemas = (components.schemas ??= {}) as Schemas;
  const paths: Paths = document.paths;
  for (const route of routes) {
    const operation = operationOf(route, schemas);
    if (!operation) continue;
    const path = documentedPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation } as PathItem;
  }
  for (const { prefix, access, docs } of mounts) {
    const page = rawRoute({ method: 'GET', path: prefix, access, docs, handler: () => undefined });
    paths[prefix] = { ...paths[prefix], get: operationOf(page, schemas) } as PathItem;
  }
}
