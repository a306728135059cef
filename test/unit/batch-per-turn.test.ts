import { batchPerTurn } from '../../shared/batch-per-turn.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * Calls made while others are in flight, sent as one batch request at the end of the turn (no network: the
 * requests are recorded, and each takes a few milliseconds to answer).
 */
describe('batchPerTurn (no network)', () => {
  function recorder(
    options: { failEntry?: string; failBatch?: unknown; tryAlone?: (reason: unknown) => boolean } = {},
  ) {
    const requests: string[][] = [];
    const send = batchPerTurn<string, string>({
      most: 3,
      one: async (input) => {
        requests.push([input]);
        await tick();
        if (input === 'refused alone') throw new Error('refused alone');
        return `answer to ${input}`;
      },
      many: async (inputs) => {
        requests.push(inputs);
        await tick();
        if (options.failBatch) throw options.failBatch;
        return inputs.map((input) =>
          input === options.failEntry
            ? { status: 'rejected', reason: new Error(`entry ${input} failed`) }
            : { status: 'fulfilled', value: `answer to ${input}` },
        );
      },
      ...(options.tryAlone && { tryAlone: options.tryAlone }),
    });
    /** Sends `inputs` while a first call is in flight, so that they go out as a batch; answers their outcomes. */
    const inOneBatch = async (inputs: string[]) => {
      const first = send('first');
      const outcomes = await Promise.allSettled(inputs.map(send));
      await first;
      return outcomes;
    };
    return { requests, send, inOneBatch };
  }

  it('sends a call made while none is in flight at once, alone, as Lambda makes every call', async () => {
    const { requests, send } = recorder();
    const answer = send('a');
    expect(requests).toEqual([['a']]);
    expect(await answer).toBe('answer to a');
    expect(await send('b')).toBe('answer to b');
    expect(requests).toEqual([['a'], ['b']]);
  });

  it('sends the calls made while others are in flight together at the end of the turn, at most `most` a request', async () => {
    const { requests, send } = recorder();
    const inputs = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const answers = Promise.all(inputs.map(send));
    // Nothing but the first call goes out before the turn ends.
    expect(requests).toEqual([['a']]);
    expect(await answers).toEqual(inputs.map((input) => `answer to ${input}`));
    // The eighth call is left alone in its batch: it goes out as a single request.
    expect(requests).toEqual([['a'], ['b', 'c', 'd'], ['e', 'f', 'g'], ['h']]);
  });

  it('keeps the calls of different turns apart', async () => {
    const { requests, send } = recorder();
    const first = Promise.all([send('a'), send('b'), send('c')]);
    await new Promise((resolve) => setImmediate(resolve));
    const second = Promise.all([send('d'), send('e')]);
    await Promise.all([first, second]);
    expect(requests).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });

  it('fails only the call whose entry failed, when failures are not tried alone', async () => {
    const { inOneBatch } = recorder({ failEntry: 'b' });
    const outcomes = await inOneBatch(['a', 'b', 'c']);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('entry b failed'));
  });

  it('tries a failed entry again alone when asked to, and gives it the outcome of that request', async () => {
    const { requests, inOneBatch } = recorder({ failEntry: 'b', tryAlone: () => true });
    const outcomes = await inOneBatch(['a', 'b', 'c']);
    expect(outcomes).toEqual(['a', 'b', 'c'].map((input) => ({ status: 'fulfilled', value: `answer to ${input}` })));
    expect(requests).toEqual([['first'], ['a', 'b', 'c'], ['b']]);
  });

  it('fails every call of a batch request that failed, unless its reason is one to try alone', async () => {
    const unreachable = Object.assign(new Error('unreachable'), { $fault: 'server' });
    const failed = recorder({ failBatch: unreachable, tryAlone: (reason) => reason !== unreachable });
    expect(await failed.inOneBatch(['a', 'b'])).toEqual([
      { status: 'rejected', reason: unreachable },
      { status: 'rejected', reason: unreachable },
    ]);
    expect(failed.requests).toEqual([['first'], ['a', 'b']]);

    const refused = recorder({ failBatch: new Error('refused'), tryAlone: () => true });
    expect(await refused.inOneBatch(['a', 'refused alone'])).toEqual([
      { status: 'fulfilled', value: 'answer to a' },
      { status: 'rejected', reason: new Error('refused alone') },
    ]);
    expect(refused.requests).toEqual([['first'], ['a', 'refused alone'], ['a'], ['refused alone']]);
  });
});
