import packageJson from '../../package.json' with { type: 'json' };
import { type HttpMethod, type RouteDefinition, routes } from '../api/routes.js';
import type { AuthMode } from '../platform/service-config.js';
import { recordSchemas } from '../schemas/record-schemas.js';
import { sharedHeaders } from './components.js';
import type { OpenApiDocument } from './document-types.js';
import { edgeOperations } from './edge-operations.js';
import { errorResponses } from './error-responses.js';
import { jsonSchema } from './json-schema.js';
import { headOperation, operationNames, toOperation, withSecurity } from './operation.js';

/** Builds the whole document from the route table (`routes.ts`'s unless a test passes another). */
export function buildOpenApiDocument(
  routeTable: readonly RouteDefinition[] = routes,
  mode: { authMode: AuthMode } = { authMode: 'open' },
): OpenApiDocument {
  const keys = mode.authMode === 'keys';
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routeTable) {
    const keysModeSchema = keys ? route.body?.keysModeSchema : undefined;
    const entry = keysModeSchema ? { ...route, body: { ...route.body, schema: keysModeSchema } } : route;
    const base = toOperation(route, entry, {
      ...operationNames(route),
      touchesTable: route.table !== 'none' || (route.indexes ?? []).length > 0,
      idempotent: route.idempotent === true,
    });
    const operation = keys ? withSecurity(base, route.access) : base;
    paths[route.path] = {
      ...paths[route.path],
      [route.method.toLowerCase()]: operation,
      ...(route.method === 'GET' && { head: headOperation(operation) }),
    };
  }
  for (const [key, { entry, operationId }] of Object.entries(edgeOperations)) {
    const [method, path] = key.split(' ') as [HttpMethod, string];
    const operation = toOperation({ method, path }, entry, {
      operationId,
      tag: 'urls',
      touchesTable: true,
    });
    paths[path] = { [method.toLowerCase()]: operation, head: headOperation(operation) };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'URL shortener',
      version: packageJson.version,
      description:
        'Users own short links; every redirect and change is recorded as an event. ' +
        (keys
          ? 'Access keys: send `Authorization: Bearer <key>` (a user key `usk_...` acts as its user, an operator ' +
            'key `ask_...` may do everything); each operation lists what it needs. '
          : 'No authentication. ') +
        'Every error body is JSON with a `detail` field: a string, or for a 422 the list of validation issues. ' +
        'An unknown path answers 404 {"detail": "Not Found"}; a known path with a method it does not have ' +
        'answers 405 (`#/components/responses/MethodNotAllowed`) with an `Allow` header.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    // Relative: the service that serves this document (locally http://localhost:3000, in AWS the CloudFront domain).
    servers: [{ url: '/', description: 'The service that serves this document' }],
    // The specification's default: no authentication. In keys mode each operation says what it needs.
    security: [],
    tags: [
      { name: 'users', description: 'People who own short links' },
      { name: 'urls', description: 'Short links and their redirects' },
      { name: 'events', description: 'The history of what happened to links' },
      { name: 'ops', description: 'Health, metrics and this reference' },
    ],
    paths,
    components: {
      schemas: Object.fromEntries(
        Object.entries(recordSchemas).map(([name, schema]) => [name, jsonSchema(schema, 'output')]),
      ),
      responses: errorResponses,
      ...(keys && {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              "An access key: `usk_...` (a user's) or `ask_...` (an operator's), made by POST /users/{id}/keys or `npm run create-admin-key`",
          },
        },
      }),
      headers: sharedHeaders,
    },
  };
}
