// stats-report imports the store's types only; the range's module reads nothing at import.
import { clickFacts } from '../../shared/stats/click-facts.js';
import { addClick, emptyCounts, OTHER, subtractCounts, sumCounts, topList } from '../../shared/stats/stats-counts.js';
import { parseInstant, rangeTimestamp, statsRange } from '../../shared/stats/stats-range.js';
import { statsReport } from '../../shared/stats/stats-report.js';
import { addTags, emptySketch } from '../../shared/stats/visitor-sketch.js';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const click = (details: Record<string, unknown>, timestamp = '2026-11-23T05:41:12.345') => ({ timestamp, details });

/** What the statistics keep of a click, how counts add up, and the ranges a query asks for (no network). */
describe('click statistics: facts, counts and ranges (no network)', () => {
  it('derives each click fact from the stored event, with a parser for the user agent', () => {
    const facts = clickFacts(
      click({
        referrer: 'https://www.Google.com/search?q=x',
        user_agent: iphone,
        bot: false,
        country: 'de',
        original_url: 'https://example.com/app',
      }),
      42,
    );
    expect(facts).toEqual({
      hour: '2026-11-23T05',
      day: '2026-11-23',
      bot: false,
      referrer: 'www.google.com',
      browser: 'Safari',
      os: 'iOS',
      device: 'mobile',
      country: 'DE',
      target: 'https://example.com/app',
      visitor: 42,
    });
    const bot = clickFacts(click({ user_agent: 'Mozilla/5.0 (compatible; Googlebot/2.1)', bot: true }), 7);
    expect([bot.bot, bot.device, bot.visitor, bot.referrer, bot.country]).toEqual([
      true,
      'bot',
      undefined,
      'direct',
      'unknown',
    ]);
    expect(clickFacts(click({ referrer: 'not a url' })).referrer).toBe('unknown');
    // Names come from clients: a long one is not kept (a tally of them could outgrow DynamoDB's item size).
    const long = clickFacts(
      click({ referrer: `https://${'a'.repeat(15_000)}.example/`, user_agent: 'x'.repeat(9000) }),
    );
    expect([long.referrer, long.browser, long.os]).toEqual(['unknown', 'unknown', 'unknown']);
    // A click sent to POST /events without `bot` is judged by its user agent.
    expect(clickFacts(click({ user_agent: 'Slackbot-LinkExpanding 1.0' })).bot).toBe(true);
  });

  it('counts a click without a visitor tag as one visitor per user agent and month', () => {
    const a = clickFacts(click({ user_agent: iphone }));
    const b = clickFacts(click({ user_agent: iphone }, '2026-11-24T05:00:00.000'));
    const c = clickFacts(click({ user_agent: iphone }, '2026-12-01T05:00:00.000'));
    expect(a.visitor).toBe(b.visitor);
    expect(a.visitor).not.toBe(c.visitor);
  });

  it('keeps at most 50 names per tally in an item, the rest under OTHER, so that it adds up', () => {
    let counts = emptyCounts();
    for (let i = 0; i < 60; i++) {
      counts = addClick(counts, clickFacts(click({ referrer: `https://site${i}.example/` })));
    }
    counts = addClick(counts, clickFacts(click({ referrer: 'https://site3.example/' })));
    expect(Object.keys(counts.referrers)).toHaveLength(51);
    expect(counts.referrers[OTHER]).toBe(10);
    expect(counts.referrers['site3.example']).toBe(2);
    const top = topList(counts.referrers, counts.clicks);
    expect(top).toHaveLength(11);
    expect(top[0]).toEqual({ name: 'site3.example', clicks: 2 });
    expect(top.at(-1)).toEqual({ name: 'other', clicks: 61 - 11 });
    expect(top.reduce((sum, entry) => sum + entry.clicks, 0)).toBe(counts.clicks);
  });

  it("takes a deleted link's counts out of its owner's, names and all", () => {
    const facts = clickFacts(click({ referrer: 'https://a.example/', user_agent: iphone, bot: false }));
    const other = clickFacts(click({ referrer: 'https://b.example/', bot: true }));
    const owner = addClick(addClick(addClick(emptyCounts(), facts, 1), facts, 1), other, 2);
    const link = addClick(addClick(emptyCounts(), facts), facts);
    const left = subtractCounts(owner, link, 1);
    expect(left.clicks).toBe(1);
    expect(left.bots).toBe(1);
    expect(left.referrers).toEqual({ 'b.example': 1 });
    expect(left.links).toEqual({ 2: 1 });
    expect(sumCounts([left, link]).clicks).toBe(owner.clicks);
  });

  it('reads dates and UTC timestamps, and nothing else', () => {
    expect(parseInstant('2026-11-01')).toBe(Date.UTC(2026, 10, 1));
    expect(parseInstant('2026-11-01T10:30')).toBe(Date.UTC(2026, 10, 1, 10, 30));
    expect(parseInstant('2026-11-01T10:30:05.5Z')).toBe(Date.UTC(2026, 10, 1, 10, 30, 5, 500));
    expect(parseInstant('2026-11-01T10:30:00+00:00')).toBe(Date.UTC(2026, 10, 1, 10, 30));
    for (const bad of ['2026-02-30', '2026-11-01T10:30+02:00', 'yesterday', '1700000000', '2026-13-01', ''])
      expect(parseInstant(bad)).toBeUndefined();
  });

  it('widens a range to whole intervals, defaults to the last 7 days, and bounds its length', () => {
    const now = Date.UTC(2026, 10, 23, 5, 41);
    const week = statsRange({ interval: 'day' }, now);
    expect(week.starts).toEqual([
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
    ]);
    const hours = statsRange({ interval: 'hour', from: '2026-11-23T04:30', to: '2026-11-23T06:10' }, now);
    expect(hours.starts).toEqual(['2026-11-23T04', '2026-11-23T05', '2026-11-23T06']);
    expect(statsRange({ interval: 'hour' }, now).starts).toHaveLength(168);
    expect(statsRange({ interval: 'day', from: '2025-11-01', to: '2026-12-05' }, now).starts).toHaveLength(399);
    expect(() => statsRange({ interval: 'day', from: '2025-01-01', to: '2026-12-01' }, now)).toThrow(
      expect.objectContaining({ issues: [expect.objectContaining({ loc: ['query', 'from'] })] }),
    );
    expect(statsRange({ interval: 'hour', from: '2026-11-01', to: '2026-12-01T01:00' }, now).starts).toHaveLength(721);
    expect(() => statsRange({ interval: 'hour', from: '2026-11-01', to: '2026-12-01T01:00Z' }, now)).not.toThrow();
    expect(() => statsRange({ interval: 'hour', from: '2026-11-01', to: '2026-12-02T01:00' }, now)).toThrow();
    expect(() => statsRange({ interval: 'day', from: '2026-11-05', to: '2026-11-05' }, now)).toThrow(
      expect.objectContaining({ issues: [expect.objectContaining({ loc: ['query', 'to'] })] }),
    );
    // A `from` after the default `to` is at fault itself: `to` was not sent.
    expect(() => statsRange({ interval: 'day', from: '2027-01-01' }, now)).toThrow(
      expect.objectContaining({ issues: [expect.objectContaining({ loc: ['query', 'from'] })] }),
    );
  });

  it('refuses a range widened into the year 10000, whose end no timestamp of four digits names', () => {
    const lastHour = statsRange({ interval: 'hour', from: '9999-12-31T22:00', to: '9999-12-31T23:00' });
    expect([lastHour.starts, rangeTimestamp(lastHour.to)]).toEqual([['9999-12-31T22'], '9999-12-31T23:00:00.000']);
    for (const [interval, to, latest] of [
      ['hour', '9999-12-31T23:59:59', '9999-12-31T23:00:00.000'],
      ['day', '9999-12-31T12:00', '9999-12-31T00:00:00.000'],
    ] as const) {
      expect(() => statsRange({ interval, from: '9999-12-30', to })).toThrow(
        expect.objectContaining({
          issues: [
            { loc: ['query', 'to'], msg: `Input should be less than or equal to ${latest}`, type: 'less_than_equal' },
          ],
        }),
      );
    }
  });

  it('reports every interval, zeros included, and counts a visitor of the same month once', () => {
    const range = statsRange({ interval: 'hour', from: '2026-11-22T23:00', to: '2026-11-23T02:00' });
    const counts = (clicks: number, bots: number) => ({ ...emptyCounts(), clicks, bots });
    const { report } = statsReport(range, [
      { start: '2026-11-22T23', counts: counts(3, 1), visitors: addTags(emptySketch(), [1, 2]) },
      { start: '2026-11-23T01', counts: counts(4, 0), visitors: addTags(emptySketch(), [2, 3, 4]) },
      { start: '2026-11-23T00', counts: counts(1, 0), visitors: addTags(emptySketch(), [3]) },
    ]);
    expect(
      report.series.map((entry) => [entry.start, entry.clicks, entry.human_clicks, entry.unique_visitors]),
    ).toEqual([
      ['2026-11-22T23:00:00.000', 3, 2, 2],
      ['2026-11-23T00:00:00.000', 1, 1, 1],
      ['2026-11-23T01:00:00.000', 4, 4, 3],
    ]);
    // {1, 2}, {3} and {2, 3, 4}: one month, so tags 2 and 3 are the same visitors each time: 4 in all.
    expect(report.totals).toEqual({ clicks: 8, human_clicks: 7, bot_clicks: 1, unique_visitors: 4 });
    expect([report.from, report.to]).toEqual(['2026-11-22T23:00:00.000', '2026-11-23T02:00:00.000']);
  });
});
