import { accessPatterns, eventShardAfter } from '../../shared/store/keys.js';
import { withFilter } from '../../shared/store/list-pages.js';

/** Query builders of the table's access patterns, checked as data (no network). */
describe('access patterns (no network)', () => {
  it("resumes a shard after a cursor's position, and a filter merged in keeps the position's names", () => {
    const shard = accessPatterns.eventsOfUrl(1, 3);
    const resumed = eventShardAfter(shard, '0000000000000042');
    const query = { ...resumed, ...withFilter(resumed, { expression: 'event_type = :t', values: { ':t': 'click' } }) };
    expect(query.KeyConditionExpression).toBe('#pk = :pk AND #sk > :after');
    expect(query.ExpressionAttributeNames).toEqual({ '#pk': 'PK', '#sk': 'SK' });
    expect(query.ExpressionAttributeValues).toEqual({
      ':pk': 'URL#1#EVENTS#3',
      ':after': '0000000000000042',
      ':t': 'click',
    });
    expect(query.FilterExpression).toBe('event_type = :t');
  });

  it('reads a shard from its start when there is no cursor', () => {
    const shard = accessPatterns.eventsOfUser(7, 0);
    expect(eventShardAfter(shard, undefined)).toEqual({
      IndexName: 'GSI2',
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': 'GSI2PK' },
      ExpressionAttributeValues: { ':pk': 'USER#7#EVENTS#0' },
    });
  });
});
