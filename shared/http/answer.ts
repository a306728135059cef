/**
 * A route's answer with a status and headers of its own (a 202 with `Location`, a 207), instead of the
 * route's one success status. Plain data with a mark, so that an idempotent route keeps it whole: its
 * repetitions get the same status and headers, not just the same body (http/idempotency.ts).
 */
export class Answer {
  /** The mark, a name no record of the API has. */
  readonly $answer = true;
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}

  /** An answer kept as JSON, made an `Answer` again; anything else as it is. */
  static revive(value: unknown): unknown {
    if (typeof value !== 'object' || value === null || (value as { $answer?: unknown }).$answer !== true) return value;
    const { status, body, headers } = value as Answer;
    return new Answer(status, body, headers);
  }
}
