import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SHORT_CODE_LENGTH = 6;
/** What a generated code looks like (a chosen one may look like it too). */
export const GENERATED_CODE = /^[A-Za-z0-9]{6}$/;

/** A 6-character code drawn uniformly from [A-Za-z0-9] by a cryptographically secure generator. */
export function randomShortCode(): string {
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
