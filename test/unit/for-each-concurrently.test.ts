import { forEachConcurrently } from '../../shared/store/bulk-writes.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** The bulk writes' worker pool: bounded, and a failure stops it without leaving work running (no network). */
describe('forEachConcurrently (no network)', () => {
  it('does every item with at most the given number in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const done: number[] = [];
    await forEachConcurrently([...Array(20).keys()], 3, async (item) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await tick();
      done.push(item);
      inFlight -= 1;
    });
    expect(done.sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
    expect(most).toBe(3);
  });

  it('stops at the first failure, lets the items in flight finish before answering, and rejects with that failure', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    let answered = false;
    let finishedAfterAnswer = false;
    const outcome = forEachConcurrently([...Array(20).keys()], 3, async (item) => {
      started.push(item);
      if (item === 1) throw new Error('item 1 failed');
      await tick();
      if (item === 2) throw new Error('item 2 failed later');
      await tick();
      if (answered) finishedAfterAnswer = true;
      finished.push(item);
    }).finally(() => {
      answered = true;
    });
    await expect(outcome).rejects.toThrow('item 1 failed');
    // Items 0 and 2 were in flight when item 1 failed: they ran to their end, and nothing after them started.
    expect(started).toEqual([0, 1, 2]);
    expect(finished).toEqual([0]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(finishedAfterAnswer).toBe(false);
  });
});
