import * as z from 'zod/mini';

/** Path parameter of GET /imports/{id}: an import's id as POST /users/bulk gave it (any other is not found). */
export const importPath = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });
