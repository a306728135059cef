import { jest } from '@jest/globals';
import { backoffMs, retryWithBackoff } from '../../shared/store/retry.js';

/** The store's one retry loop: tries, waits that grow, and the two ways it gives up (no network). */
describe('retryWithBackoff (no network)', () => {
  it('tries until the work answers, and answers what it answered', async () => {
    let tries = 0;
    const outcome = await retryWithBackoff(
      async () => (++tries === 3 ? 'done' : undefined),
      { attempts: 5, baseMs: 1, capMs: 1 },
      () => 'gave up',
    );
    expect(outcome).toBe('done');
    expect(tries).toBe(3);
  });

  it('gives up after the attempts, with what giveUp answers or throws', async () => {
    let tries = 0;
    const work = async () => {
      tries += 1;
      return undefined;
    };
    expect(await retryWithBackoff(work, { attempts: 4, baseMs: 1 }, (attempts) => `after ${attempts}`)).toBe('after 4');
    expect(tries).toBe(4);
    await expect(
      retryWithBackoff(work, { attempts: 2, baseMs: 1 }, () => {
        throw new Error('overloaded');
      }),
    ).rejects.toThrow('overloaded');
  });

  it('starts no try past the deadline', async () => {
    // On Jest's clock: each try's start is read exactly, however slowly this machine runs the waits.
    jest.useFakeTimers({ now: 1_000_000 });
    try {
      const deadline = Date.now() + 60;
      const triedAt: number[] = [];
      const outcome = retryWithBackoff(
        async () => {
          triedAt.push(Date.now());
          return undefined;
        },
        { deadline, baseMs: 20, capMs: 20 },
        (attempts) => attempts,
      );
      await jest.runAllTimersAsync();
      expect(await outcome).toBe(triedAt.length);
      expect(triedAt.length).toBeGreaterThanOrEqual(1);
      expect(triedAt.filter((at) => at >= deadline)).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('waits at most base·2^(attempt-1), capped', () => {
    for (let i = 0; i < 200; i++) {
      expect(backoffMs(1, { baseMs: 20 })).toBeLessThanOrEqual(20);
      expect(backoffMs(3, { baseMs: 20 })).toBeLessThanOrEqual(80);
      expect(backoffMs(30, { baseMs: 20, capMs: 500 })).toBeLessThanOrEqual(500);
    }
  });
});
