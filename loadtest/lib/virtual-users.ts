import { setTimeout as sleep } from 'node:timers/promises';
import { type Random, uniformBetween } from './choice.js';
import type { Dataset } from './dataset.js';
import type { HttpClient } from './http-client.js';
import type { MixName } from './mix.js';
import type { Recorder } from './stats.js';
import { planRequest, routePicker } from './traffic.js';

export interface LoadProfile {
  vus: number;
  durationS: number;
  thinkMinMs: number;
  thinkMaxMs: number;
  /** The traffic mix (default: the spec's). */
  mix?: MixName;
}

/**
 * Runs `vus` virtual users for the profile's duration, each looping: pick a route by weight, send, record,
 * think. A user stops once the duration is over instead of thinking once more, so the run ends at most one
 * response time after it. Resolves with the seconds the run took.
 */
export async function runVirtualUsers(
  profile: LoadProfile,
  client: HttpClient,
  dataset: Dataset,
  recorder: Recorder,
  random: Random = Math.random,
): Promise<number> {
  const startedAt = performance.now();
  const deadline = startedAt + profile.durationS * 1000;
  const think = () => sleep(uniformBetween(profile.thinkMinMs, profile.thinkMaxMs, random));
  const pickRoute = routePicker(profile.mix ?? 'spec');

  async function virtualUser(): Promise<void> {
    // Users start spread over one think time, as they would after their first request, rather than all
    // opening their connection in the same millisecond.
    await sleep(uniformBetween(0, profile.thinkMaxMs, random));
    while (performance.now() < deadline) {
      const route = pickRoute(random);
      recorder.record(route, await client.send(planRequest(route, dataset, random)));
      if (performance.now() >= deadline) break;
      await think();
    }
  }

  await Promise.all(Array.from({ length: profile.vus }, virtualUser));
  return (performance.now() - startedAt) / 1000;
}
