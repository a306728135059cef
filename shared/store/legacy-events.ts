import { toEventRecord } from '../records.js';
import { currentLayout } from './event-layout.js';
import { eventItem, placed } from './events.js';
import { accessPatterns, type Key, keys } from './keys.js';
import { deleteKeys, getItems, keyOf, putItems, readAll } from './operations.js';

/**
 * Moves the events stored by versions before sharded event lists to where they belong now, so that an
 * existing data folder or table keeps its history. Those versions kept an event under `URL#<url>` /
 * `EVENT#<id>`, in the one GSI1 partition `EVENTS`, which is how they are found. An event whose URL is gone
 * (which those versions could not leave behind, but a hand-edited table can) is removed.
 *
 * Safe to run at any time and again: what was moved is no longer in the old list, and a move interrupted
 * halfway is finished by the next run (the new item is written before the old one is removed). Answers how
 * many events were moved.
 */
export async function upgradeLegacyEvents(onProgress: (moved: number) => void = () => undefined): Promise<number> {
  const layout = await currentLayout({ fresh: true });
  let moved = 0;
  for await (const page of readAll(accessPatterns.legacyEvents())) {
    const urls = await getItems([...new Set(page.map((item) => Number(item.url_id)))].map((id) => keys.url(id)));
    const owned = page.flatMap((item) => {
      const url = urls.get(keyOf(keys.url(Number(item.url_id))));
      return url ? [eventItem(placed({ ...toEventRecord(item), owner_id: Number(url.user_id) }, layout))] : [];
    });
    await putItems(owned);
    await deleteKeys(page.map((item): Key => ({ PK: String(item.PK), SK: String(item.SK) })));
    moved += owned.length;
    onProgress(moved);
  }
  return moved;
}
