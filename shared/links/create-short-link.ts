import type { UrlRecord } from '../domain/records.js';
import { isReservedShortCode } from '../domain/reserved-paths.js';
import { publishUrlEvent, type UrlEventBatch } from '../events/publisher.js';
import { actingUser, type Caller } from '../http/caller.js';
import { missingField } from '../http/validation.js';
import type { createOwnUrlBody } from '../schemas/urls.js';
import { createUrl } from '../store/link-creation.js';
import { hashPassword } from './link-passwords.js';
import { checkLinkTargets, type LinkTargetCheck } from './link-rules.js';
import { randomShortCode } from './short-code.js';

/** A link as POST /urls receives it, validated (`user_id` optional: a user key's own links). */
type NewLink = ReturnType<typeof createOwnUrlBody.parse>;

/**
 * A generated code: random, and never one of the service's own path segments (`health` is six letters); a
 * chosen one that is reserved never gets here, its schema refuses it (schemas.ts, `chosenShortCode`).
 */
function generatedShortCode(): string {
  for (;;) {
    const code = randomShortCode();
    if (!isReservedShortCode(code)) return code;
  }
}

/**
 * Creates one short link, as POST /urls and each link of POST /urls/bulk do: its owner (the caller's user in
 * `keys` mode), its targets checked (`checkTarget`, the request's: no loop to this service, no blocked host),
 * its password kept as a hash only,
 * the URL and its code stored, its `created` event queued (or added to a bulk request's `events`, which the
 * request queues ten at a time). `identity` names the request across its retries (an Idempotency-Key);
 * `assignId` gives its id (of a block reserved for a bulk request; by default, from the counter).
 */
export async function createShortLink(
  link: NewLink,
  request: {
    caller: Caller;
    checkTarget: LinkTargetCheck;
    identity?: string;
    assignId?: () => Promise<number>;
    events?: UrlEventBatch;
  },
): Promise<UrlRecord> {
  const userId = actingUser(request.caller, link.user_id) ?? missingField('user_id');
  checkLinkTargets(request.checkTarget, link);
  const { password, ...fields } = link;
  const url = await createUrl(
    { ...fields, user_id: userId, password_hash: password ? await hashPassword(password) : null },
    generatedShortCode,
    request.identity,
    request.assignId,
  );
  await (request.events ? request.events.add('created', url) : publishUrlEvent('created', url));
  return url;
}
