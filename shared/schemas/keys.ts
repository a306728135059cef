import * as z from 'zod/mini';
import { futureTimestamp, integerText, MAX_ID, trimmedText } from './primitives.js';
import { requestBody } from './request-body.js';

/** POST /users/{id}/keys */
export const createUserKeyBody = requestBody(
  { name: trimmedText(100), expires_at: z.optional(z.nullable(futureTimestamp)) },
  'key',
);

/** Path parameter of `/keys/{key_id}`. */
export const keyPath = z.object({ key_id: integerText({ min: 1, max: MAX_ID }) });

/** Path parameters of `/users/{id}/keys/{key_id}`. */
export const userKeyPath = z.object({
  id: integerText({ min: 1, max: MAX_ID }),
  key_id: integerText({ min: 1, max: MAX_ID }),
});
