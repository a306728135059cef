import { hashOfKey, keyPattern, newSecret, PREFIX } from '../shared/store/access-keys.js';
import { storeOperatorKey } from '../shared/store/key-creation.js';
import { operatorKeyItems } from '../shared/store/key-lists.js';
import { revokeKey } from '../shared/store/key-revocation.js';
import { keys } from '../shared/store/keys.js';
import { getItem } from '../shared/store/table.js';

/**
 * Operator keys are made outside the service: by `npm run create-admin-key` (against the local data folder or
 * a deployed table) and by the local runtime's ADMIN_KEY. No function makes one, so this is not in `shared/`.
 */

/** What marks the operator key the local runtime's ADMIN_KEY registered. */
const ADMIN_KEY_SOURCE = 'ADMIN_KEY';

/** Makes an operator key (`npm run create-admin-key`); answers the key, the only time it is shown. */
export async function createOperatorKey(name: string): Promise<string> {
  const key = newSecret('operator');
  await storeOperatorKey(key, name);
  return key;
}

/**
 * Makes the environment's ADMIN_KEY the one operator key it names (docs/decisions.md, "Hardening"): registers it
 * (again, it changes nothing), and revokes the key an earlier start registered from another value, or from an
 * ADMIN_KEY no longer set (`key` undefined).
 */
export async function holdAdminKey(key: string | undefined): Promise<void> {
  if (key !== undefined && (!key.startsWith(PREFIX.operator) || !keyPattern.test(key))) {
    throw new Error('An operator key is ask_ and at least 28 more characters of A-Z a-z 0-9 _ -');
  }
  const hash = key === undefined ? undefined : hashOfKey(key);
  for (const item of await operatorKeyItems()) {
    if (item.source === ADMIN_KEY_SOURCE && item.hash !== hash) await revokeKey(Number(item.key_id));
  }
  if (key !== undefined && hash !== undefined && !(await getItem(keys.accessKey(hash)))) {
    await storeOperatorKey(key, ADMIN_KEY_SOURCE, ADMIN_KEY_SOURCE);
  }
}
