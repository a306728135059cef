import { seededUserItems } from '../../shared/seed/load-seed.js';

const user = (id: number, username: string, email: string) => ({
  id,
  username,
  email,
  created_at: '2025-08-01T01:41:39.000',
});

/** Which seeded users hold the guards of their usernames and emails (no network). */
describe('the startup seed’s users and their guards', () => {
  it('gives each username and each email one guard, the first of its users’, compared lower-cased', () => {
    const items = seededUserItems([
      user(1, 'radia', 'radia@example.com'),
      user(2, 'RADIA', 'other@example.com'),
      user(3, 'grace', 'RADIA@example.com'),
    ]);
    const guards = items.filter((item) => item.SK === 'GUARD').map((item) => [item.PK, item.user_id]);
    expect(guards).toEqual([
      ['EMAIL#radia@example.com', 1],
      ['USERNAME#radia', 1],
      ['EMAIL#other@example.com', 2],
      ['USERNAME#grace', 3],
    ]);
    const profiles = items.filter((item) => item.SK === 'PROFILE');
    expect(profiles.map((item) => [item.id, item.username_guarded, item.email_guarded])).toEqual([
      [1, true, undefined],
      [2, false, undefined],
      [3, true, false],
    ]);
  });
});
