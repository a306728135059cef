import * as z from 'zod/mini';
import { parseInstant, STATS_INSTANT_PATTERN } from '../stats/stats-range.js';
import { documentedAs } from './documented-json-schema.js';

/** A statistics range bound: a date (`2026-11-01`) or a UTC timestamp (`2026-11-01T10:00:00`). */
const statsInstant = documentedAs(
  z.string().check(
    z.refine((value: string) => parseInstant(value) !== undefined, {
      message: 'Input should be a valid date (2026-11-01) or UTC timestamp (2026-11-01T10:00:00)',
      params: { type: 'datetime_from_date_parsing' },
    }),
  ),
  { type: 'string', pattern: STATS_INSTANT_PATTERN },
);

const statsIntervals = ['hour', 'day'] as const;

/** GET /urls/{id}/stats, GET /users/{id}/stats (docs/decisions.md, "Link statistics"). */
export const statsQuery = z.object({
  from: z.optional(statsInstant),
  to: z.optional(statsInstant),
  interval: z._default(
    z.optional(
      documentedAs(
        z.pipe(
          z.string().check(
            z.refine((value: string) => (statsIntervals as readonly string[]).includes(value), {
              message: "Input should be 'hour' or 'day'",
              params: { type: 'enum' },
            }),
          ),
          z.transform((value: string) => value as (typeof statsIntervals)[number]),
        ),
        { type: 'string', enum: [...statsIntervals] },
      ),
    ),
    'day',
  ),
});
