import { reserveIds } from './ids.js';
import { idLeases } from './levers.js';

/**
 * Event ids, taken in blocks. Each function instance leases a block of ids from the event counter with one
 * atomic update and hands them out itself, so an event touches no shared item: at 50,000 events a second the
 * counter sees a lease per instance every few seconds, not an update per event. A lease lasts at most
 * LEASE_MS, so ids follow creation order to within that time: an event created LEASE_MS after another has a
 * larger id. Ids of a lease that expires unused are skipped, never reused.
 */
const LEASE_MS = idLeases.leaseMs;
const SMALLEST_LEASE = idLeases.smallest;
const LARGEST_LEASE = idLeases.largest;

interface Lease {
  first: number;
  next: number;
  last: number;
  takenAt: number;
}

/** Reserves `count` ids with one update of the counter (ids.ts, the same counter every id kind has). */
async function leaseIds(count: number): Promise<Lease> {
  const first = await reserveIds('event', count);
  return { first, next: first, last: first + count - 1, takenAt: performance.now() };
}

/**
 * This instance's supply of event ids. A lease grows while it is used up quickly (twice the last one, up to
 * 1,000) and shrinks when it expires half used, so a quiet instance wastes few ids and a busy one rarely waits.
 */
class EventIdAllocator {
  private lease: Lease | undefined;
  private renewing: Promise<void> | undefined;

  /** The next id. */
  async next(): Promise<number> {
    for (;;) {
      const lease = this.lease;
      if (lease && lease.next <= lease.last && performance.now() - lease.takenAt < LEASE_MS) {
        const id = lease.next;
        lease.next += 1;
        return id;
      }
      await this.renew();
    }
  }

  private renew(): Promise<void> {
    this.renewing ??= (async () => {
      try {
        const used = this.lease ? this.lease.next - this.lease.first : 0;
        const size = Math.min(LARGEST_LEASE, Math.max(SMALLEST_LEASE, 2 * used));
        this.lease = await leaseIds(size);
      } finally {
        this.renewing = undefined;
      }
    })();
    return this.renewing;
  }
}

/** The ids of this function instance. */
export const eventIds = new EventIdAllocator();
