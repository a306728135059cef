import { MAX_ACTIVE_KEYS } from '../domain/access-key-rules.js';
import { createUserKeyBody, keyPath, userKeyPath } from '../schemas/keys.js';
import { numberedPageQuery } from '../schemas/list-pages.js';
import type { RouteDeclaration } from './route-declaration.js';
import { userId } from './users.js';

/** Access keys: a user's, made through the API, and the operators', which only operators list and revoke. */

export const createUserKeyRoute = {
  method: 'POST',
  path: '/users/{id}/keys',
  handler: 'functions/users/create-user-key.ts',
  table: 'write',
  summary: 'Make an access key for a user',
  description:
    'The key is in this answer only: it is stored as a hash. Send it as `Authorization: Bearer <key>` once ' +
    'the service runs with AUTH_MODE=keys (keys can be made before the switch; in open mode no route needs one). ' +
    `A user holds at most ${MAX_ACTIVE_KEYS} keys that are neither revoked nor expired.`,
  pathParameters: userId,
  body: { schema: createUserKeyBody, example: { name: 'laptop' } },
  success: { status: 201, description: 'The new key, with the key itself', record: 'NewAccessKey' },
  errors: {
    404: 'User not found',
    422: 'Too many keys',
  },
} satisfies RouteDeclaration;

export const listUserKeysRoute = {
  method: 'GET',
  path: '/users/{id}/keys',
  handler: 'functions/users/list-user-keys.ts',
  table: 'read',
  summary: "List a user's access keys",
  description: 'Each with its first 8 characters and the key that made it; the keys themselves are never shown again.',
  pathParameters: userId,
  query: numberedPageQuery,
  success: { status: 200, description: "A page of the user's keys by id", record: 'AccessKey', list: true },
  errors: { 404: 'User not found' },
} satisfies RouteDeclaration;

export const revokeUserKeyRoute = {
  method: 'DELETE',
  path: '/users/{id}/keys/{key_id}',
  handler: 'functions/users/revoke-user-key.ts',
  table: 'write',
  summary: 'Revoke an access key',
  description: 'The key, and every key it made (and they made), stop working within a second.',
  pathParameters: {
    schema: userKeyPath,
    meanings: { id: "The user's id.", key_id: "The key's id (from GET /users/{id}/keys)." },
  },
  success: { status: 204, description: 'Revoked' },
  errors: { 404: 'User not found, or Key not found' },
} satisfies RouteDeclaration;

export const listKeysRoute = {
  method: 'GET',
  path: '/keys',
  handler: 'functions/keys/list-keys.ts',
  table: 'read',
  access: 'operator',
  summary: 'List the operator keys',
  description: 'Operator keys only; the keys themselves are never shown again.',
  query: numberedPageQuery,
  success: { status: 200, description: 'A page of the operator keys by id', record: 'OperatorKey', list: true },
} satisfies RouteDeclaration;

export const revokeKeyRoute = {
  method: 'DELETE',
  path: '/keys/{key_id}',
  handler: 'functions/keys/revoke-key.ts',
  table: 'write',
  access: 'operator',
  summary: 'Revoke any access key',
  description: "An operator's, or a user's with every key it made; it stops working within a second.",
  pathParameters: { schema: keyPath, meanings: { key_id: "The key's id (from GET /keys or GET /users/{id}/keys)." } },
  success: { status: 204, description: 'Revoked' },
  errors: { 404: 'Key not found' },
} satisfies RouteDeclaration;
