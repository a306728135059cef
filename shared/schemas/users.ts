import * as z from 'zod/mini';
import { documentedAs } from './documented-json-schema.js';
import { trimmedText } from './primitives.js';
import { requestBody } from './request-body.js';

export const username = trimmedText(255);

/**
 * The addresses the service accepts: RFC 5322's dot-atoms before the `@`, at most 64 characters as RFC 5321
 * allows, then a domain of letter-or-digit labels (hyphens inside) and an alphabetic top-level label, each of
 * at most 63 characters. Every `format: email` checker we know accepts these (ajv-formats, zod), so an
 * address stored here passes `format: email` when it is read back.
 */
const atom = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const emailText = `(?=[^@]{1,64}@)${atom}(?:\\.${atom})*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}`;
const emailPattern = new RegExp(`^${emailText}$`);
export const email = documentedAs(
  z.string().check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(254),
    z.refine((value) => emailPattern.test(value), {
      message: 'value is not a valid email address',
      params: { type: 'value_error' },
    }),
  ),
  // No `format: email` on input: surrounding whitespace is trimmed first, which the format would refuse.
  { type: 'string', pattern: `^\\s*(?=\\S{1,254}\\s*$)${emailText}\\s*$` },
  { type: 'string', format: 'email', maxLength: 254, pattern: `^${emailText.replaceAll('A-Z', '')}$` },
);

export const createUserBody = requestBody({ username, email }, 'user');
export const renameUserBody = requestBody({ username }, 'user');
