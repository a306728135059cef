import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NotFoundError } from '../platform/errors.js';
import { forEachConcurrently } from './bulk-writes.js';
import { rememberDeletion } from './deletion-copies.js';
import { sweepDeletedUser } from './event-sweeps.js';
import { deleteKeysOfUser } from './key-revocation.js';
import { accessPatterns, keys } from './keys.js';
import { deleteUrlCascade } from './link-deletion.js';
import { readAll } from './list-pages.js';
import { type Item, remove, tableName, transact, writeIf } from './table.js';
import { USER_NOT_FOUND } from './users.js';
import { deleteWebhooksOfUser } from './webhooks.js';

const URL_CASCADE_CONCURRENCY = 8;

/**
 * Deletes a user and everything attached to it: its access keys, its URLs (with their short codes, events and statistics),
 * the events it made on other users' URLs, its statistics, then the user and its guards.
 *
 * The user is first marked `deleting` (and leaves the user list), so no URL or event can be attached to
 * it while the cascade runs: creating either checks the user is active in the same transaction. Calling
 * it again on a user already being deleted resumes the cascade, so a cascade cut short can be finished.
 */
export async function deleteUserCascade(userId: number): Promise<void> {
  const marked = await writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(userId),
      UpdateExpression: 'SET #state = :deleting REMOVE GSI1PK, GSI1SK',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':deleting': 'deleting' },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (!marked) throw new NotFoundError(USER_NOT_FOUND);
  const user = marked.Attributes as Item;
  // From here event lists hide the user's events, and those on its URLs (deletion-copies.ts).
  await rememberDeletion('user', userId);
  // Its keys stop working first (within a second where one is hot): nothing acts as a user being deleted.
  await deleteKeysOfUser(userId);
  // Then its webhooks: nothing of its links is sent anywhere from here on, retries included.
  await deleteWebhooksOfUser(userId);

  for await (const links of readAll(accessPatterns.urlLinksOfUser(userId))) {
    await forEachConcurrently(links, URL_CASCADE_CONCURRENCY, async (link) => {
      await deleteUrlCascade(Number(link.url_id), { ownerDeleted: true });
    });
  }

  await sweepDeletedUser(userId);
  // Remembered once more: lists hide the events of its links by this record alone, and a long cascade
  // must not outlive the first one.
  await rememberDeletion('user', userId);

  // A concurrent delete of the same user may have removed the guards already.
  const ownsGuard = { expression: 'attribute_not_exists(PK) OR user_id = :id', values: { ':id': userId } };
  const outcome = await transact([
    remove(keys.user(userId)),
    ...(user.email_guarded === false ? [] : [remove(keys.emailGuard(String(user.email)), ownsGuard)]),
    ...(user.username_guarded === true ? [remove(keys.usernameGuard(String(user.username)), ownsGuard)] : []),
  ]);
  if (!outcome.ok)
    throw new Error(`Guards of user ${userId} are held by another user (failed items ${outcome.failed})`);
}
