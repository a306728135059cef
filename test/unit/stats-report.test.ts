import { emptyCounts } from '../../shared/stats/stats-counts.js';
import { statsRange } from '../../shared/stats/stats-range.js';
import { statsReport } from '../../shared/stats/stats-report.js';
import { addTags, emptySketch } from '../../shared/stats/visitor-sketch.js';

/** A range's unique visitors from its intervals' sketches (no network). */
describe('unique visitors over a range (no network)', () => {
  const day = (start: string, tags: number[]) => ({
    start,
    counts: { ...emptyCounts(), clicks: tags.length },
    visitors: addTags(emptySketch(), tags),
  });

  it('counts a visitor once over the days of a month, and each month apart', () => {
    const range = statsRange({ from: '2026-10-30', to: '2026-11-03', interval: 'day' });
    const { report } = statsReport(range, [
      // Visitor 1 on two days of October: once. Visitors 1 and 2 in November: their tags are another month's.
      day('2026-10-30', [1, 5]),
      day('2026-10-31', [1]),
      day('2026-11-01', [1, 2]),
      day('2026-11-02', [2]),
    ]);
    expect(report.series.map((entry) => entry.unique_visitors)).toEqual([2, 1, 2, 1]);
    expect(report.totals.unique_visitors).toBe(2 + 2);
  });
});
