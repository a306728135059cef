import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { RouteAccess } from '../api/route-declaration.js';
import { serviceConfig } from '../platform/config.js';
import { NotAllowedError, NotAuthenticatedError, NotFoundError } from '../platform/errors.js';
import { type KeyHolder, keyHolder, keyPattern } from '../store/access-keys.js';
import { USER_NOT_FOUND } from '../store/users.js';

/**
 * Who is calling, decided once, at the HTTP edge (docs/decisions.md, "Access keys and ownership"). What the caller
 * may touch is then enforced where the data is written: the store's writes carry a condition on the owner.
 */

/** `anyone` in `open` mode and on open routes; otherwise the holder of a valid key. */
export type Caller = { kind: 'anyone' } | KeyHolder;

/**
 * The access key of a request's `Authorization` header, in RFC 6750's form: the scheme in any case, whitespace
 * around the key ignored. Nothing when the header is missing or not a bearer token, or sent twice (which header
 * would count is a guess two components must not make differently): docs/decisions.md, "Hardening".
 */
export function bearerKey(headers: Iterable<[string, string | undefined]>): string | undefined {
  const sent = [...headers].filter(([name]) => name.toLowerCase() === 'authorization').map(([, value]) => value);
  if (sent.length !== 1) return undefined;
  return /^\s*bearer\s+(\S+)\s*$/i.exec(sent[0] ?? '')?.[1];
}

/** Every header of a request as sent, repeated ones each (API Gateway's multi-value view). */
function* headerPairs(event: APIGatewayProxyEvent): Generator<[string, string | undefined]> {
  const multi = event.multiValueHeaders ?? {};
  for (const [name, values] of Object.entries(multi)) for (const value of values ?? []) yield [name, value];
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (!Object.keys(multi).some((known) => known.toLowerCase() === name.toLowerCase())) yield [name, value];
  }
}

const bearerOf = (event: APIGatewayProxyEvent) => bearerKey(headerPairs(event));

/**
 * The caller of a request to a route with this access. In `keys` mode, no key, or one that is malformed,
 * unknown, revoked or expired, is a 401; a user key on an operator route is a 403. A failed check costs at
 * most one read (none for a malformed key).
 */
export async function identifyCaller(event: APIGatewayProxyEvent, access: RouteAccess): Promise<Caller> {
  if (serviceConfig().authMode === 'open' || access === 'open') return { kind: 'anyone' };
  const key = bearerOf(event);
  if (key === undefined || !keyPattern.test(key)) throw new NotAuthenticatedError();
  const holder = await keyHolder(key);
  if (!holder) throw new NotAuthenticatedError();
  if (access === 'operator' && holder.kind !== 'operator') throw new NotAllowedError();
  return holder;
}

/** A request's context once its caller is known. */
export interface CallerContext extends Context {
  caller: Caller;
}

/** Who is calling, as a route's middleware: refused (401, 403) before the route reads its input. */
export function callerIdentified(
  access: RouteAccess,
): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, CallerContext> {
  return {
    before: async (request) => {
      request.context.caller = await identifyCaller(request.event, access);
    },
  };
}

/** The owner whose records a caller may touch: its own user for a user key, anyone's otherwise. */
export const ownerOf = (caller: Caller): number | undefined => (caller.kind === 'user' ? caller.userId : undefined);

/** A route about one user: a user key may only be about its own; another user is hidden, as if it did not exist. */
export function mustBeAbout(caller: Caller, userId: number): void {
  if (caller.kind === 'user' && caller.userId !== userId) throw new NotFoundError(USER_NOT_FOUND);
}

/**
 * The user a list is filtered to: a user key lists its own records only (naming another user is a 403);
 * other callers list what they ask for.
 */
export function listedUser(caller: Caller, asked: number | undefined): number | undefined {
  if (caller.kind !== 'user') return asked;
  if (asked !== undefined && asked !== caller.userId) throw new NotAllowedError();
  return caller.userId;
}

/** A record a user key names itself (the user of a new URL or event): its own, or a 403. */
export function actingUser(caller: Caller, named: number | undefined): number | undefined {
  if (caller.kind !== 'user') return named;
  if (named !== undefined && named !== caller.userId) throw new NotAllowedError();
  return caller.userId;
}
