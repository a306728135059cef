import { Webhook } from 'standardwebhooks';

/**
 * The Standard Webhooks signature of a message: `v1,<base64 of HMAC-SHA256 over "<id>.<timestamp>.<body>">`
 * keyed with each secret's bytes (after `whsec_`), one entry per secret, separated by spaces (two during a
 * rotation, the new one first). Made by the `standardwebhooks` package, which receivers verify with.
 */
export function signatureOf(secrets: readonly string[], messageId: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' ');
}
