import * as z from 'zod/mini';
import { importPath } from '../schemas/imports.js';
import type { RouteDeclaration } from './route-declaration.js';

/** POST /users/bulk reads its CSV itself (shared/http/multipart.ts), so this schema exists for the description. */
const userCsvUpload = z.object({
  file: z
    .file()
    .check(
      z.describe(
        'A CSV whose file name ends in .csv, UTF-8, with username and email columns (an id column allows ' +
          'repeated usernames); at most 4 MiB',
      ),
    ),
});

/** Users imported from a CSV file, and the import followed when it outlasts its request. */

export const importUsersRoute = {
  method: 'POST',
  path: '/users/bulk',
  handler: 'functions/users/import-users.ts',
  table: 'write',
  profile: 'bulk',
  idempotent: true,
  queuesImports: true,
  access: 'operator',
  summary: 'Import users from a CSV file',
  description:
    'Rows with an empty or invalid username or email, or an email (or, without an id column, a username) ' +
    'already registered, are skipped and not counted. Ids in the file are not used.',
  body: { mediaType: 'multipart/form-data', schema: userCsvUpload },
  success: { status: 200, description: 'How many users were stored', record: 'ImportCount' },
  accepted: {
    description:
      'The file is read and the import goes on without the client (it did not finish within the request): ' +
      'follow it at `Location`, GET /imports/{id}',
    record: 'ImportProgress',
  },
  errors: {
    400:
      'Only CSV files allowed; CSV must be UTF-8 encoded; CSV must include username and email columns; ' +
      'Malformed CSV data (nothing from the file is imported)',
    503: 'The import could not be handed on; the detail says how many rows were stored, and uploading the file again imports the rest',
  },
} satisfies RouteDeclaration;

export const getImportRoute = {
  method: 'GET',
  path: '/imports/{id}',
  handler: 'functions/imports/get-import.ts',
  table: 'read',
  access: 'operator',
  summary: 'Follow a bulk import',
  description:
    'An import that POST /users/bulk answered with 202: `running` with its counts so far, then `done` with the ' +
    'rows skipped (as the 200 of POST /users/bulk), or `failed` with why. Kept for 7 days.',
  pathParameters: {
    schema: importPath,
    meanings: { id: "The import's id (`import_id`)." },
    examples: { id: '0f8fad5b-d9cb-469f-a165-70867728950e' },
  },
  success: { status: 200, description: 'The import', record: 'ImportProgress' },
  errors: { 404: 'Import not found' },
} satisfies RouteDeclaration;
