import type { RouteContract, RouteDefinition } from '../api/route-declaration.js';
import type { Operation, Response } from './document-types.js';
import {
  commonErrors,
  errorResponse,
  errorResponses,
  overloadResponse,
  responseRef,
  retryAfterUnavailable,
  validationOr,
} from './error-responses.js';
import { requestBodySchema } from './json-schema.js';
import { idempotencyKeyParameter, parameters, queryParameters } from './parameters.js';
import { acceptedResponse, successResponse } from './success-responses.js';

export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** `functions/users/create-user.ts` → `createUser`, tagged `users`: the handler already names the operation. */
export function operationNames(route: RouteDefinition): { operationId: string; tag: string } {
  const [, folder = '', file = ''] = route.handler.split('/');
  const operationId = file.replace(/\.ts$/, '').replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
  return { operationId, tag: folder };
}

export function toOperation(
  route: Pick<RouteDefinition, 'method' | 'path'>,
  entry: RouteContract,
  names: { operationId: string; tag: string; touchesTable: boolean; idempotent?: boolean },
): Operation {
  const routeParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const parameterList = [
    ...(entry.pathParameters
      ? parameters('path', entry.pathParameters.schema, entry.pathParameters.meanings, entry.pathParameters.examples)
      : []),
    ...(entry.query ? queryParameters(entry.query, 'csv' in entry.success ? entry.success.csv : undefined) : []),
    ...(names.idempotent ? [idempotencyKeyParameter] : []),
  ];
  const pathParameters = parameterList.filter((parameter) => parameter.in === 'path').map(({ name }) => name);
  if (pathParameters.join() !== routeParameters.join()) {
    throw new Error(
      `${routeKey(route)}: the path schema has {${pathParameters.join('}, {')}}, the path has other parameters`,
    );
  }
  const { operationId, tag } = names;
  const { 503: unavailable, 422: refused, ...ownErrors } = entry.errors ?? {};
  const businessErrors = Object.entries(ownErrors).map(([status, detail]) => {
    const response = errorResponse(detail);
    if (!entry.pagesForPeople) return [status, response];
    const page = { schema: { type: 'string', description: 'A small page saying the same, for a browser' } };
    return [status, { ...response, content: { ...response.content, 'text/html': page } }];
  });
  // Whatever reads or writes the table can meet a throttled partition (503, Retry-After); a route's own 503
  // (no free short code, an import cut short) answers the same way.
  const retry = names.idempotent ? retryAfterUnavailable : '';
  const serviceUnavailable = unavailable
    ? {
        503: overloadResponse(
          `${unavailable}; or, when the database stays busy, Service temporarily overloaded.${retry}`,
        ),
      }
    : names.idempotent
      ? { 503: overloadResponse(`The database is busy past its retries: Service temporarily overloaded.${retry}`) }
      : names.touchesTable
        ? { 503: responseRef('Overloaded') }
        : {};
  const invalid = refused
    ? validationOr(refused)
    : names.idempotent
      ? responseRef('ValidationFailedOrKeyReused')
      : responseRef('ValidationFailed');
  return {
    operationId,
    tags: [tag],
    summary: entry.summary,
    ...(entry.description && { description: entry.description }),
    ...(parameterList.length > 0 && { parameters: parameterList }),
    ...(entry.body && {
      requestBody: {
        required: !entry.body.optional,
        content: Object.fromEntries(
          [
            entry.body.mediaType ?? 'application/json',
            ...(entry.body.form ? ['application/x-www-form-urlencoded'] : []),
          ].map((mediaType) => [
            mediaType,
            {
              schema: requestBodySchema(entry.body?.schema as NonNullable<RouteContract['body']>['schema']),
              ...(entry.body?.example !== undefined && { example: entry.body.example }),
            },
          ]),
        ),
      },
    }),
    // Integer-like keys: the object lists the statuses in ascending order whatever the insertion order.
    responses: {
      [entry.success.status]: successResponse(entry.success),
      ...(entry.accepted && { 202: acceptedResponse(entry.accepted) }),
      ...Object.fromEntries(businessErrors),
      ...serviceUnavailable,
      ...(names.idempotent && { 409: responseRef('IdempotentRequestInProgress') }),
      ...(parameterList.length > 0 || entry.body || refused ? { 422: invalid } : {}),
      ...(entry.body && { 413: responseRef('PayloadTooLarge') }),
      ...commonErrors,
    },
  };
}

/**
 * An operation as keys mode describes it: the bearer key it needs (none for open routes), and its 401 and 403.
 */
export function withSecurity(operation: Operation, access: RouteDefinition['access']): Operation {
  if (access === 'open') return operation;
  return {
    ...operation,
    description: [
      operation.description,
      access === 'operator'
        ? 'Needs an operator key.'
        : "Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.",
    ]
      .filter(Boolean)
      .join(' '),
    security: [{ bearer: [] }],
    responses: {
      ...operation.responses,
      401: responseRef('NotAuthenticated'),
      403: responseRef('NotAllowed'),
    },
  };
}

/** HEAD of a GET route: the same answers, headers only (the same function serves it, without side effects). */
export function headOperation(get: Operation): Operation {
  const responses = Object.fromEntries(
    Object.entries(get.responses).map(([status, response]) => {
      const named = '$ref' in response ? response.$ref.split('/').at(-1) : undefined;
      const full = named ? errorResponses[named as keyof typeof errorResponses] : (response as Response);
      const { content: _, ...headersOnly } = full;
      return [status, headersOnly];
    }),
  );
  return {
    ...get,
    operationId: `${get.operationId}Head`,
    summary: `${get.summary} (headers only)`,
    description: 'The answer of the GET without its body. Emits no event.',
    responses,
  };
}
