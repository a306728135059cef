import { accessKeyItem, hashOfKey, keyPattern, newSecret, PREFIX } from '../shared/store/access-keys.js';
import { put, transact } from '../shared/store/table.js';

/**
 * Operator keys are made outside the service: by `npm run create-admin-key` (against the local data folder or
 * a deployed table) and by the local runtime's ADMIN_KEY. No function makes one, so this is not in `shared/`.
 */

/** Registers a given operator key (the local runtime's ADMIN_KEY); registering it again changes nothing. */
export async function registerOperatorKey(key: string, name: string): Promise<void> {
  if (!key.startsWith(PREFIX.operator) || !keyPattern.test(key)) {
    throw new Error('An operator key is ask_ and at least 28 more characters of A-Z a-z 0-9 _ -');
  }
  const outcome = await transact([
    put(accessKeyItem(hashOfKey(key), { kind: 'operator' }, { name, expires_at: null })),
  ]);
  if (!outcome.ok) throw new Error('The operator key could not be registered');
}

/** Makes an operator key (`npm run create-admin-key`); answers the key, the only time it is shown. */
export async function createOperatorKey(name: string): Promise<string> {
  const key = newSecret('operator');
  await registerOperatorKey(key, name);
  return key;
}
