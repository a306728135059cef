import { createUserKeyBody, keyPath, userKeyPath } from '../schemas/keys.js';
import { listUsersQuery } from '../schemas/users.js';
import { MAX_ACTIVE_KEYS } from '../store/access-keys.js';
import { json, type OperationEntry } from './operation-entry.js';
import { userId } from './user-operations.js';

/** Access keys: a user's, made through the API, and the operators', which only operators list and revoke. */
export const keyOperations: Record<string, OperationEntry> = {
  'POST /users/{id}/keys': {
    summary: 'Make an access key for a user',
    description:
      'The key is in this answer only: it is stored as a hash. Send it as `Authorization: Bearer <key>` once ' +
      'the service runs with AUTH_MODE=keys (keys can be made before the switch; in open mode no route needs one). ' +
      `A user holds at most ${MAX_ACTIVE_KEYS} keys that are neither revoked nor expired.`,
    path: userId,
    body: json(createUserKeyBody),
    success: { status: 201, description: 'The new key, with the key itself', record: 'NewAccessKey' },
    errors: {
      404: 'User not found',
      422: 'Too many keys',
    },
  },
  'GET /users/{id}/keys': {
    summary: "List a user's access keys",
    description:
      'Each with its first 8 characters and the key that made it; the keys themselves are never shown again.',
    path: userId,
    query: listUsersQuery,
    success: { status: 200, description: "A page of the user's keys by id", record: 'AccessKey', list: true },
    errors: { 404: 'User not found' },
  },
  'DELETE /users/{id}/keys/{key_id}': {
    summary: 'Revoke an access key',
    description: 'The key, and every key it made (and they made), stop working within a second.',
    path: {
      schema: userKeyPath,
      meanings: { id: "The user's id.", key_id: "The key's id (from GET /users/{id}/keys)." },
    },
    success: { status: 204, description: 'Revoked' },
    errors: { 404: 'User not found, or Key not found' },
  },
  'GET /keys': {
    summary: 'List the operator keys',
    description: 'Operator keys only; the keys themselves are never shown again.',
    query: listUsersQuery,
    success: { status: 200, description: 'A page of the operator keys by id', record: 'OperatorKey', list: true },
  },
  'DELETE /keys/{key_id}': {
    summary: 'Revoke any access key',
    description: "An operator's, or a user's with every key it made; it stops working within a second.",
    path: { schema: keyPath, meanings: { key_id: "The key's id (from GET /keys or GET /users/{id}/keys)." } },
    success: { status: 204, description: 'Revoked' },
    errors: { 404: 'Key not found' },
  },
};
