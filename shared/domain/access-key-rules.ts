/**
 * What a user may hold of access keys (docs/decisions.md, "Access keys and ownership"): the store enforces it
 * when a key is made, and the API reference states it. Apart from the store, so that the route table, which
 * the stack and the local runtime load before any DynamoDB client may exist, does not load the store.
 */

/** Active keys a user may have at once: a leaked key cannot mint thousands. */
export const MAX_ACTIVE_KEYS = 100;
