import { hotKeyCache } from '../../shared/store/hot-key-cache.js';

/** The one exception to consistent reads: hot keys from memory for at most a second (no network; a test clock). */
describe('hot-key cache (no network)', () => {
  let now = 0;
  let loads = 0;
  const load = async () => {
    loads += 1;
    return `value ${loads}`;
  };
  beforeEach(() => {
    now = 0;
    loads = 0;
  });

  it('reads the table every time while a key is read no more than N times a second', async () => {
    const cache = hotKeyCache({ threshold: 10, now: () => now });
    for (let i = 0; i < 10; i++) {
      await cache.read('link', load);
      now += 100;
    }
    expect(loads).toBe(10);
  });

  it('answers a key read more than N times a second from memory, for at most one second', async () => {
    const cache = hotKeyCache({ threshold: 10, now: () => now });
    const answers: string[] = [];
    for (let i = 0; i < 40; i++) {
      answers.push(await cache.read('link', load));
      now += 50;
    }
    // The 11th read (at 0.5 s) finds the key hot: from then on the value read at 0.45 s is served, until it
    // is a second old (at 1.45 s); then one read refreshes it for the next second.
    expect(answers.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => `value ${i + 1}`));
    expect(answers.slice(10, 29).every((answer) => answer === 'value 10')).toBe(true);
    expect(answers.slice(29).every((answer) => answer === 'value 11')).toBe(true);
    expect(loads).toBe(11);
  });

  it('says whether a key is hot: more than N reads in the last second, and no longer once it cools down', async () => {
    const cache = hotKeyCache({ threshold: 3, now: () => now });
    for (let i = 0; i < 3; i++) await cache.read('link', load);
    expect(cache.isHot('link')).toBe(false);
    await cache.read('link', load);
    expect([cache.isHot('link'), cache.isHot('other')]).toEqual([true, false]);
    now += 1001;
    expect(cache.isHot('link')).toBe(false);
  });

  it('goes back to the table once the key cools down', async () => {
    const cache = hotKeyCache({ threshold: 2, now: () => now });
    for (let i = 0; i < 5; i++) await cache.read('link', load);
    const hotLoads = loads;
    now += 1500;
    await cache.read('link', load);
    expect(loads).toBe(hotLoads + 1);
  });

  it('shares one table read between concurrent reads of a hot key', async () => {
    const cache = hotKeyCache({ threshold: 1, now: () => now });
    await cache.read('link', load);
    await cache.read('link', load);
    now += 2000;
    let release: (value: string) => void = () => undefined;
    const slow = () =>
      new Promise<string>((resolve) => {
        loads += 1;
        release = resolve;
      });
    const reads = Array.from({ length: 5 }, () => cache.read('link', slow));
    release('fresh');
    expect(await Promise.all(reads)).toEqual(['fresh', 'fresh', 'fresh', 'fresh', 'fresh']);
    expect(loads).toBe(2);
  });

  it('keeps keys apart', async () => {
    const cache = hotKeyCache({ threshold: 0, now: () => now });
    expect(await cache.read('a', async () => 'A')).toBe('A');
    expect(await cache.read('b', async () => 'B')).toBe('B');
    expect(await cache.read('a', async () => 'other')).toBe('A');
  });
});
