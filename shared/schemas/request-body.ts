import type { core } from 'zod/mini';
import * as z from 'zod/mini';
import { withBodyFields } from './body-fields.js';

/** The fields of each record as returned (the API's records, and the extensions': docs/decisions.md, "Extensions"). */
export const recordFields = {
  user: ['id', 'username', 'email', 'created_at'],
  url: [
    'id',
    'user_id',
    'short_code',
    'original_url',
    'title',
    'is_active',
    'created_at',
    'updated_at',
    'short_url',
    'expires_at',
    'max_clicks',
    'expired_url',
    'forward_query',
    'tags',
    'redirect_rules',
    'variants',
    'password_protected',
  ],
  event: ['id', 'url_id', 'user_id', 'event_type', 'timestamp', 'details'],
  key: ['id', 'name', 'key', 'prefix', 'created_at', 'expires_at', 'created_by'],
  report: ['id', 'short_code', 'reason', 'email', 'created_at'],
  webhook: ['id', 'user_id', 'url', 'event_types', 'url_ids', 'status', 'disabled_reason', 'created_at', 'secret'],
} as const;

/** A JSON body of these fields that ignores the other fields of `record` and refuses anything else. */
export function requestBody<Shape extends core.$ZodLooseShape>(shape: Shape, record: keyof typeof recordFields) {
  return withBodyFields(z.object(shape), Object.keys(shape), recordFields[record]);
}

/** The body of a route that takes none: left out, or `{}` as JSON (a field in it is a 422 at that field). */
export const emptyBody = withBodyFields(z.object({}), [], []);
