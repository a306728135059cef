import type { Page } from '../domain/records.js';
import { accessPatterns } from './keys.js';
import { type PageRequest, readAll, readPage } from './list-pages.js';
import type { Item } from './table.js';

/** A key as its user lists it. */
interface AccessKeyRecord {
  id: number;
  name: string;
  /** The key's first 8 characters, to tell keys apart. */
  prefix: string;
  created_at: string;
  expires_at: string | null;
  /** The id of the user key that made it; null when an operator key or the command line did. */
  created_by: number | null;
}

/** An operator key as the operators list it. */
type OperatorKeyRecord = Omit<AccessKeyRecord, 'prefix'>;

const nullable = (value: unknown) => (value === undefined ? null : value);

const toRecord = (item: Item): AccessKeyRecord => ({
  id: Number(item.key_id),
  name: String(item.name),
  prefix: String(item.prefix),
  created_at: String(item.created_at),
  expires_at: nullable(item.expires_at_text) as string | null,
  created_by: nullable(item.created_by) as number | null,
});

const toOperatorRecord = (item: Item): OperatorKeyRecord => {
  const { prefix: _, ...record } = toRecord(item);
  return record;
};

const windowOf = (page: number, perPage: number, cursor?: string): PageRequest =>
  cursor ? { skip: 0, limit: perPage, cursor } : { skip: (page - 1) * perPage, limit: perPage };

/** A page of a user's keys, by id (their secrets are not stored, so not shown). */
export async function listUserKeys(
  userId: number,
  page: number,
  perPage: number,
  cursor?: string,
): Promise<Page<AccessKeyRecord>> {
  const { items, next } = await readPage(accessPatterns.keysOfUser(userId), windowOf(page, perPage, cursor));
  return { items: items.map(toRecord), next };
}

/** A page of the operator keys, by id. */
export async function listOperatorKeys(
  page: number,
  perPage: number,
  cursor?: string,
): Promise<Page<OperatorKeyRecord>> {
  const { items, next } = await readPage(accessPatterns.operatorKeys(), windowOf(page, perPage, cursor));
  return { items: items.map(toOperatorRecord), next };
}

/** Every operator key's listing item (a handful): the local runtime looks for its ADMIN_KEY's among them. */
export async function operatorKeyItems(): Promise<Item[]> {
  const found: Item[] = [];
  for await (const items of readAll(accessPatterns.operatorKeys())) found.push(...items);
  return found;
}
