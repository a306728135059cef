import { pickOne, uniformBetween, weightedPicker } from '../../loadtest/lib/choice.js';
import { routeWeights } from '../../loadtest/lib/mix.js';
import { pickRoute, planRequest, routePicker } from '../../loadtest/lib/traffic.js';

/** A fixed sequence of draws, so that each choice is known in advance. */
const draws = (...values: number[]) => {
  let next = 0;
  return () => values[next++ % values.length] ?? 0;
};

/** A small seeded generator (LCG) for the proportion checks: repeatable, unlike Math.random. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The share of each item over `count` picks. */
function tally<T>(pick: (random: () => number) => T, random: () => number, count: number): Map<T, number> {
  const shares = new Map<T, number>();
  for (let i = 0; i < count; i += 1) {
    const item = pick(random);
    shares.set(item, (shares.get(item) ?? 0) + 1 / count);
  }
  return shares;
}

describe('weightedPicker', () => {
  it('maps a draw onto the cumulative weights, boundaries going to the next entry', () => {
    const pick = weightedPicker([
      ['light', 1],
      ['heavy', 3],
    ]);
    expect([0, 0.2499, 0.25, 0.9999].map((value) => pick(draws(value)))).toEqual(['light', 'light', 'heavy', 'heavy']);
  });

  it('never picks an entry of weight zero, even at the edges', () => {
    const pick = weightedPicker([
      ['never-first', 0],
      ['only', 2],
      ['never-last', 0],
    ]);
    expect([0, 0.5, 0.999999999].map((value) => pick(draws(value)))).toEqual(['only', 'only', 'only']);
  });

  it('picks in proportion to the weights over many draws', () => {
    const pick = weightedPicker([
      ['a', 70],
      ['b', 20],
      ['c', 10],
    ]);
    const shares = tally(pick, seeded(42), 100_000);
    expect(shares.get('a')).toBeCloseTo(0.7, 2);
    expect(shares.get('b')).toBeCloseTo(0.2, 2);
    expect(shares.get('c')).toBeCloseTo(0.1, 2);
  });

  it('refuses weights it cannot draw from', () => {
    expect(() => weightedPicker([])).toThrow('at least one positive weight');
    expect(() => weightedPicker([['a', 0]])).toThrow('at least one positive weight');
    expect(() => weightedPicker([['a', -1]])).toThrow('not negative');
    expect(() => weightedPicker([['a', Number.NaN]])).toThrow('finite');
  });
});

describe('pickOne and uniformBetween', () => {
  it('covers the whole list and the whole interval', () => {
    expect([0, 0.34, 0.99].map((value) => pickOne(['x', 'y', 'z'], draws(value)))).toEqual(['x', 'y', 'z']);
    expect(() => pickOne([], Math.random)).toThrow('empty');
    expect(uniformBetween(200, 500, draws(0))).toBe(200);
    expect(uniformBetween(200, 500, draws(0.5))).toBe(350);
  });
});

describe('the traffic mix', () => {
  const dataset = {
    userIds: [3, 4, 5],
    urls: [
      { id: 7, user_id: 3, short_code: 'Abc123' },
      { id: 8, user_id: 4, short_code: 'Xyz789' },
    ],
  };

  it('has a request for every route of mix.json, matching its method and path', () => {
    for (const route of Object.keys(routeWeights) as Array<keyof typeof routeWeights>) {
      const request = planRequest(route, dataset, seeded(1));
      const [method, template = ''] = route.split(' ');
      const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '[^/?]+')}(\\?.*)?$`);
      expect(request.method).toBe(method);
      expect(request.path).toMatch(pattern);
    }
  });

  it('reads ids and codes that exist', () => {
    expect(planRequest('GET /users/{id}', dataset, draws(0.99)).path).toBe('/users/5');
    expect(planRequest('GET /urls/{code}/redirect', dataset, draws(0)).path).toBe('/urls/Abc123/redirect');
    expect(planRequest('GET /urls', dataset, draws(0.7, 0.4)).path).toBe('/urls?user_id=4');
    expect(planRequest('POST /urls', dataset, draws(0)).body).toMatchObject({ user_id: 3 });
  });

  it("sends the reference implementation's mix when asked: a fifth of it GET /urls/{id}, no redirect", () => {
    const shares = tally(routePicker('reference'), seeded(11), 50_000);
    expect(shares.get('GET /urls/{id}')).toBeCloseTo(0.2, 1);
    expect(shares.get('GET /urls')).toBeCloseTo(0.4, 1);
    expect(shares.has('GET /urls/{code}/redirect')).toBe(false);
    expect(planRequest('GET /urls/{id}', dataset, draws(0)).path).toMatch(/^\/urls\/\d+$/);
  });

  it('sends GET /urls most and POST /urls rarely', () => {
    const shares = tally(pickRoute, seeded(7), 50_000);
    const busiest = [...shares].sort((a, b) => b[1] - a[1]).map(([route]) => route);
    expect(busiest.slice(0, 2)).toEqual(['GET /urls', 'GET /events']);
    expect(shares.get('POST /urls')).toBeLessThan(0.1);
  });
});
