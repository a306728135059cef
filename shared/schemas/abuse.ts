import * as z from 'zod/mini';
import { trimmedText } from './primitives.js';
import { requestBody } from './request-body.js';
import { email } from './users.js';

/**
 * Path parameter of `/blocked-hosts/{host}`: a host name, an IP address (IPv6 with or without brackets) or a
 * CIDR range (`10.0.0.0%2F8`); shared/platform/hosts.ts tells which, refuses what is none of them, and compares them.
 */
export const hostPath = z.object({ host: z.string().check(z.minLength(1), z.maxLength(300)) });

/** POST /reports */
export const createReportBody = requestBody(
  {
    short_code: z.string().check(z.minLength(1), z.maxLength(64)),
    reason: trimmedText(1000),
    email: z.optional(email),
  },
  'report',
);
