/**
 * The operations of the API's OpenAPI document (GET /api/docs-json), with what the walking tests need:
 * method, documented path, access, cross-site exemption, parameters and request body schemas.
 */
import type { HttpClient } from './http-client.js';
import { asObject, type Json } from './identity.js';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  additionalProperties?: boolean | JsonSchema;
}

export interface ApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  enum?: string[];
}

export interface ApiOperation {
  method: string;
  /** As documented, e.g. /api/admin/users/{id}. */
  path: string;
  access: unknown;
  /** `x-cross-site: allowed`: other sites may call it. */
  crossSiteAllowed: boolean;
  parameters: ApiParameter[];
  /** Content type → schema ($refs resolved), when the operation takes a body. */
  body?: Record<string, JsonSchema>;
}

export const operationLabel = (op: Pick<ApiOperation, 'method' | 'path'>) =>
  `${op.method} ${op.path}`;

export function operationsOf(document: unknown): ApiOperation[] {
  const root = asObject(document, 'the OpenAPI document');
  const schemas = (asObject(root.components ?? {}, 'components').schemas ?? {}) as Record<
    string,
    JsonSchema
  >;
  const resolve = (schema: Json): JsonSchema => {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema as JsonSchema;
    const target = schemas[ref.replace('#/components/schemas/', '')];
    if (!target) throw new Error(`unresolved ${ref}`);
    return target;
  };
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(asObject(root.paths, 'paths'))) {
    const pathItem = asObject(item, `paths["${path}"]`);
    for (const method of HTTP_METHODS) {
      if (pathItem[method] === undefined) continue;
      const operation = asObject(pathItem[method], `${method} ${path}`);
      const parameters = ((operation.parameters ?? []) as Json[]).map((parameter) => ({
        name: String(parameter.name),
        in: parameter.in as ApiParameter['in'],
        enum: (parameter.schema as { enum?: string[] } | undefined)?.enum,
      }));
      const content = (operation.requestBody as { content?: Record<string, Json> } | undefined)
        ?.content;
      const body = content
        ? Object.fromEntries(
            Object.entries(content).map(([type, media]) => [
              type,
              resolve(asObject(media.schema, `${method} ${path} body schema`)),
            ]),
          )
        : undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        access: operation['x-access'],
        crossSiteAllowed: operation['x-cross-site'] === 'allowed',
        parameters,
        body,
      });
    }
  }
  return operations;
}

/**
 * Reads the app's OpenAPI document once; the answer says the `x-access` of one documented operation
 * (`method` in lower case, `path` as documented), undefined when it is not documented.
 */
export async function documentedAccess(
  client: HttpClient,
): Promise<(method: string, path: string) => unknown> {
  const document = asObject((await client.get('/api/docs-json')).body, 'the document');
  const paths = asObject(document.paths, 'its paths');
  return (method, path) =>
    (asObject(paths[path] ?? {}, path)[method] as Json | undefined)?.['x-access'];
}
