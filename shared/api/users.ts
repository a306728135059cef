import { numberedPageQuery } from '../schemas/list-pages.js';
import { idPath } from '../schemas/primitives.js';
import { statsQuery } from '../schemas/stats.js';
import { createUserBody, renameUserBody } from '../schemas/users.js';
import type { PathInput, RouteDeclaration } from './route-declaration.js';
import { statsRangeAndSeries } from './urls.js';

export const userId = { schema: idPath, meanings: { id: "The user's id." } } satisfies PathInput;

/** People who own short links. */

export const createUserRoute = {
  method: 'POST',
  path: '/users',
  handler: 'functions/users/create-user.ts',
  table: 'write',
  idempotent: true,
  access: 'operator',
  summary: 'Create a user',
  description: 'The email is stored lower-cased; usernames and emails are unique, compared case-insensitively.',
  body: { schema: createUserBody, example: { username: 'ada', email: 'ada@example.com' } },
  success: { status: 201, description: 'The new user', record: 'User' },
  errors: { 400: 'Email already registered, or Username already registered' },
} satisfies RouteDeclaration;

export const listUsersRoute = {
  method: 'GET',
  path: '/users',
  handler: 'functions/users/list-users.ts',
  table: 'none',
  access: 'operator',
  indexes: ['GSI1'],
  summary: 'List users',
  query: numberedPageQuery,
  success: { status: 200, description: 'Users in id order', record: 'User', list: true },
} satisfies RouteDeclaration;

export const getUserRoute = {
  method: 'GET',
  path: '/users/{id}',
  handler: 'functions/users/get-user.ts',
  table: 'read',
  summary: 'Get a user',
  pathParameters: userId,
  success: { status: 200, description: 'The user', record: 'User' },
  errors: { 404: 'User not found' },
} satisfies RouteDeclaration;

export const getUserStatsRoute = {
  method: 'GET',
  path: '/users/{id}/stats',
  handler: 'functions/users/get-user-stats.ts',
  table: 'read',
  summary: "Statistics of a user's links",
  description: `The clicks of all of the user's links (not those deleted since) over a range, ${statsRangeAndSeries}, and its top links.`,
  pathParameters: userId,
  query: statsQuery,
  success: { status: 200, description: 'The statistics', record: 'UserStats' },
  errors: { 404: 'User not found' },
} satisfies RouteDeclaration;

export const listUserTagsRoute = {
  method: 'GET',
  path: '/users/{id}/tags',
  handler: 'functions/users/list-user-tags.ts',
  table: 'read',
  indexes: ['GSI2'],
  summary: "The tags of a user's links",
  description:
    "Every tag of the user's links, active or not, with how many carry it, by tag. `GET /urls?tag=` lists the links of one.",
  pathParameters: userId,
  success: { status: 200, description: 'The tags, by tag', record: 'UserTag', list: true },
  errors: { 404: 'User not found' },
} satisfies RouteDeclaration;

export const renameUserRoute = {
  method: 'PUT',
  path: '/users/{id}',
  handler: 'functions/users/rename-user.ts',
  table: 'write',
  summary: 'Rename a user',
  pathParameters: userId,
  body: { schema: renameUserBody, example: { username: 'ada.lovelace' } },
  success: { status: 200, description: 'The renamed user', record: 'User' },
  errors: { 400: 'Username already registered', 404: 'User not found' },
} satisfies RouteDeclaration;

export const deleteUserRoute = {
  method: 'DELETE',
  path: '/users/{id}',
  handler: 'functions/users/delete-user.ts',
  table: 'write',
  profile: 'cascade',
  indexes: ['GSI2'],
  sendsEvents: true,
  access: 'operator',
  summary: 'Delete a user, its URLs, its keys and every related event',
  pathParameters: userId,
  success: { status: 204, description: 'Deleted' },
  errors: { 404: 'User not found' },
} satisfies RouteDeclaration;
