import * as z from 'zod/mini';

/** Path parameter of the API reference's files (`/docs/swagger-ui.css`). */
export const referenceFilePath = z.object({ file: z.string().check(z.minLength(1), z.maxLength(64)) });
