import { parseRunArgs, UsageError } from '../../loadtest/lib/args.js';

const think = { min: 200, max: 500 };
const options = (...argv: string[]) => {
  const parsed = parseRunArgs(argv, think);
  if (parsed.kind !== 'run') throw new Error('expected run options');
  return parsed.options;
};

describe('parseRunArgs', () => {
  it('has defaults for everything', () => {
    const defaults = options();
    expect(defaults).toMatchObject({ vus: 50, mix: 'spec', durationS: 30, thinkMinMs: 200, thinkMaxMs: 500 });
    expect(defaults.baseUrl.href).toBe('http://localhost:3000/');
    expect(defaults.jsonPath).toBeUndefined();
  });

  it('reads every option', () => {
    const read = options(
      '--vus',
      '200',
      '--duration',
      '2m',
      '--url',
      'https://api.example.com/prod',
      '--think-min',
      '0',
      '--think-max=100',
      '--json',
      'out.json',
      '--mix',
      'reference',
    );
    expect(read).toMatchObject({
      vus: 200,
      mix: 'reference',
      durationS: 120,
      thinkMinMs: 0,
      thinkMaxMs: 100,
      jsonPath: 'out.json',
    });
    expect(read.baseUrl.href).toBe('https://api.example.com/prod');
  });

  it('takes the duration as seconds, with or without a unit', () => {
    expect(options('--duration', '20').durationS).toBe(20);
    expect(options('--duration', '45s').durationS).toBe(45);
    expect(options('--duration', '1.5m').durationS).toBe(90);
  });

  it('knows two mixes, and no other', () => {
    expect(() => options('--mix', 'heavy')).toThrow(new UsageError('--mix must be spec or reference, got "heavy"'));
  });

  it('recognises a request for help', () => {
    expect(parseRunArgs(['--help'], think)).toEqual({ kind: 'help' });
    expect(parseRunArgs(['-h'], think)).toEqual({ kind: 'help' });
  });

  it.each([
    [['--vus', 'many'], '--vus must be a whole number'],
    [['--vus', '0'], '--vus must be at least 1'],
    [['--vus', '-5'], '--vus'],
    [['--duration', '0'], '--duration must be a positive number'],
    [['--duration', '5h'], '--duration must be a positive number'],
    [['--think-min', '600'], '--think-min (600) is above --think-max (500)'],
    [['--url', 'localhost:3000'], '--url must be http or https'],
    [['--url', 'not a url'], '--url must be an absolute URL'],
    [['--rps', '10'], "Unknown option '--rps'"],
    [['extra'], 'extra'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseRunArgs(argv, think)).toThrow(UsageError);
    expect(() => parseRunArgs(argv, think)).toThrow(message);
  });
});
