import { idPath } from '../schemas/primitives.js';
import { statsQuery } from '../schemas/stats.js';
import { createUserBody, listUsersQuery, renameUserBody } from '../schemas/users.js';
import { json, type OperationEntry, type PathInput } from './operation-entry.js';
import { statsRangeAndSeries } from './url-operations.js';

export const userId: PathInput = { schema: idPath, meanings: { id: "The user's id." } };

/** People who own short links. */
export const userOperations: Record<string, OperationEntry> = {
  'POST /users': {
    summary: 'Create a user',
    description: 'The email is stored lower-cased; usernames and emails are unique, compared case-insensitively.',
    body: json(createUserBody),
    success: { status: 201, description: 'The new user', record: 'User' },
    errors: { 400: 'Email already registered, or Username already registered' },
  },
  'GET /users': {
    summary: 'List users',
    query: listUsersQuery,
    success: { status: 200, description: 'Users in id order', record: 'User', list: true },
  },
  'GET /users/{id}': {
    summary: 'Get a user',
    path: userId,
    success: { status: 200, description: 'The user', record: 'User' },
    errors: { 404: 'User not found' },
  },
  'GET /users/{id}/stats': {
    summary: "Statistics of a user's links",
    description: `The clicks of all of the user's links (not those deleted since) over a range, ${statsRangeAndSeries}, and its top links.`,
    path: userId,
    query: statsQuery,
    success: { status: 200, description: 'The statistics', record: 'UserStats' },
    errors: { 404: 'User not found' },
  },
  'PUT /users/{id}': {
    summary: 'Rename a user',
    path: userId,
    body: json(renameUserBody),
    success: { status: 200, description: 'The renamed user', record: 'User' },
    errors: { 400: 'Username already registered', 404: 'User not found' },
  },
  'DELETE /users/{id}': {
    summary: 'Delete a user, its URLs, its keys and every related event',
    path: userId,
    success: { status: 204, description: 'Deleted' },
    errors: { 404: 'User not found' },
  },
};
