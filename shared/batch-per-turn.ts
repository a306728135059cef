/**
 * Calls made while others of their kind are in flight, sent together: as one request where the API has a
 * batch form (GetItem as BatchGetItem, SendMessage as SendMessageBatch), or as one read whose answer every
 * caller shares (the recent deletions, the same for all).
 *
 * A call made while none is in flight goes out at once, alone: in Lambda, where an instance serves one
 * request at a time, that is every call, so there nothing waits and nothing is batched. The local runtime
 * serves every request from one process, and under load each turn of its event loop takes in many requests,
 * whose calls would each cost an SDK call, a loopback round trip and the emulator's fixed cost per request.
 * A call made while others are in flight waits for the end of the turn (its check phase, `setImmediate`),
 * after every request the turn took in has made its call and before the next turn's I/O, and goes out with
 * the turn's other calls: it waits for no answer, only for the turn to end.
 */
export function batchPerTurn<Input, Output>({
  most,
  one,
  many,
  tryAlone = () => false,
}: {
  /** The most calls one batch request takes. */
  most: number;
  /** A call alone. */
  one: (input: Input) => Promise<Output>;
  /** Several calls at once: an outcome for each, in order (a batch request can fail some entries only). */
  many: (inputs: Input[]) => Promise<PromiseSettledResult<Output>[]>;
  /**
   * Whether a call the batch failed with this reason is made again alone, so that it fails only for a
   * reason of its own (not for another entry's, or for the batch request's).
   */
  tryAlone?: (reason: unknown) => boolean;
}): (input: Input) => Promise<Output> {
  type Call = { input: Input; resolve: (output: Output) => void; reject: (reason: unknown) => void };
  let waiting: Call[] = [];
  /** Calls sent and not answered yet. */
  let inFlight = 0;

  async function alone(call: Call): Promise<void> {
    inFlight += 1;
    try {
      call.resolve(await one(call.input));
    } catch (reason) {
      call.reject(reason);
    } finally {
      inFlight -= 1;
    }
  }

  async function send(calls: Call[]): Promise<void> {
    let outcomes: PromiseSettledResult<Output>[];
    inFlight += calls.length;
    try {
      outcomes = await many(calls.map((call) => call.input));
    } catch (reason) {
      outcomes = calls.map(() => ({ status: 'rejected', reason }));
    } finally {
      inFlight -= calls.length;
    }
    await Promise.all(
      calls.map((call, i) => {
        const outcome = outcomes[i] ?? {
          status: 'rejected',
          reason: new Error('The batch answered nothing for this call'),
        };
        if (outcome.status === 'fulfilled') return call.resolve(outcome.value);
        return tryAlone(outcome.reason) ? alone(call) : call.reject(outcome.reason);
      }),
    );
  }

  function flush(): void {
    const calls = waiting;
    waiting = [];
    for (let i = 0; i < calls.length; i += most) {
      const batch = calls.slice(i, i + most);
      const [first] = batch;
      if (batch.length === 1 && first) void alone(first);
      else
        send(batch).catch((reason: unknown) => {
          for (const call of batch) call.reject(reason);
        });
    }
  }

  return (input) =>
    new Promise<Output>((resolve, reject) => {
      const call = { input, resolve, reject };
      if (inFlight === 0 && waiting.length === 0) {
        void alone(call);
        return;
      }
      if (waiting.length === 0) setImmediate(flush);
      waiting.push(call);
    });
}
