import { logger } from '../platform/logger.js';
import { forEachConcurrently } from '../store/bulk-writes.js';
import { toErrorOutcome } from './error-policy.js';
import { jsonObjectBody, type Parseable, validateInput } from './validation.js';

/**
 * One item's result in a bulk answer (POST /urls/bulk: 207): what the single route would have answered for
 * it, its status and record, or its status and the error's detail.
 */
type ItemResult<Created> = { status: number; detail: unknown } | ({ status: 201 } & Created);

/** Items handled at once: each is a few requests to DynamoDB and, for its event, a tenth of one to SQS. */
const CONCURRENCY = 16;

/** The detail of an item not tried before the request's deadline. */
const NOT_ATTEMPTED = 'Not attempted: the request ran out of time first; send this one again';

/**
 * Handles each item of a bulk request on its own, as the single route would: its body checked (`schema`, the
 * single route's), then `create`. An item refused gets the status and detail the single route would answer
 * (the one error policy); one not started before `deadline` (epoch ms) a 503 saying so. An unexpected failure
 * is logged and answered 500 for that item alone. Results come in the order of the items.
 */
export async function answerEachItem<Item, Created>(
  items: readonly unknown[],
  options: {
    schema: Parseable<Item>;
    deadline: number;
    create: (item: Item, index: number) => Promise<Created>;
    /**
     * Items with the same key (a chosen short code) are created one after another, in the request's order,
     * as separate requests sent in that order would be: the first of them that can be created is.
     */
    inOrderOf?: (item: Item) => string | undefined;
  },
): Promise<ItemResult<Created>[]> {
  const results: ItemResult<Created>[] = items.map(() => ({ status: 503, detail: NOT_ATTEMPTED }));
  const lastOfKey = new Map<string, Promise<unknown>>();
  // Items are taken in order and each is keyed before its first await, so a key's chain follows the request.
  const inOrder = (item: Item, index: number): Promise<Created> => {
    const key = options.inOrderOf?.(item);
    if (key === undefined) return options.create(item, index);
    const created = (lastOfKey.get(key) ?? Promise.resolve()).then(() => options.create(item, index));
    lastOfKey.set(
      key,
      created.catch(() => undefined),
    );
    return created;
  };
  await forEachConcurrently([...items.keys()], CONCURRENCY, async (index) => {
    if (Date.now() >= options.deadline) return;
    try {
      const item = validateInput('body', options.schema, jsonObjectBody(items[index]));
      results[index] = { status: 201, ...(await inOrder(item, index)) };
    } catch (error) {
      const outcome = toErrorOutcome(error);
      if (outcome.unexpected) logger.error('An item of a bulk request failed', { index, error: error as Error });
      results[index] = { status: outcome.statusCode, detail: outcome.body.detail };
    }
  });
  return results;
}
