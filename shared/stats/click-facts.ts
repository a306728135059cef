import Bowser from 'bowser';
import { isbot } from 'isbot';
import { fnv1a } from '../platform/fnv1a.js';

/**
 * What the statistics keep of one click: when (its hour and day, UTC), whether a bot made it, and the six
 * things the top lists are made of. Everything is derived from the stored event (its timestamp and details),
 * so the statistics of any click can be computed again from the events; only the visitor tag comes from
 * the queue message, never from the event (no IP address or visitor hash is stored in an event).
 */
export interface ClickFacts {
  /** `2026-11-23T05`: the hour's start. */
  hour: string;
  /** `2026-11-23`. */
  day: string;
  bot: boolean;
  /** The referrer's host, `direct` when none was sent, `unknown` when it is not a URL. */
  referrer: string;
  browser: string;
  os: string;
  /** desktop, mobile, tablet, tv, bot, unknown, or api for a click sent to POST /events. */
  device: string;
  /** ISO 3166 code from CloudFront's viewer country, `unknown` without it. */
  country: string;
  /** The URL the visit was sent to (the event's `original_url`: a rule's, a variant's or the link's own). */
  target: string;
  /** The visitor's tag for unique visitors; none for a bot. */
  visitor: number | undefined;
}

const UNKNOWN = 'unknown';
/** The device of a click sent to POST /events. */
const POSTED = 'api';
/**
 * The longest name a tally keeps. Names come from what clients send (a referrer's host, a user agent a
 * parser could not name); unbounded, a few long ones would push a counts item towards DynamoDB's 400 KB.
 * With 50 names of at most this length per tally, an item stays under ~30 KB.
 */
const MAX_NAME_LENGTH = 64;

const bounded = (name: string | undefined, max = MAX_NAME_LENGTH) =>
  name === undefined || name === '' || name.length > max ? UNKNOWN : name;

/** A target is a URL of at most 2,048 characters (its schema's bound); only a link's own counts keep them. */
const MAX_TARGET_LENGTH = 2048;

function referrerHost(referrer: unknown): string {
  if (typeof referrer !== 'string' || referrer.trim() === '') return 'direct';
  try {
    // The host as it is (the contract's "the referrer's host"): www.example.com is not example.com.
    return bounded(new URL(referrer).hostname.toLowerCase());
  } catch {
    return UNKNOWN;
  }
}

/**
 * The facts of a click. `visitor` is the tag its redirect computed (`visitorTag` in
 * store/visitor-secrets.ts); a click that has none (a click sent to POST /events, a seeded one, one stored
 * before unique visitors were counted) counts as one visitor per user agent per month.
 */
export function clickFacts(
  click: { timestamp: string; details: Record<string, unknown>; posted?: boolean },
  visitor?: number,
): ClickFacts {
  const details = click.details;
  const userAgent = typeof details.user_agent === 'string' ? details.user_agent : '';
  // A redirect's click carries its own `bot` (true without a user agent: click-details.ts); a click posted
  // without one is judged by the user agent its details give.
  const bot = typeof details.bot === 'boolean' ? details.bot : isbot(userAgent);
  const parsed = userAgent ? Bowser.parse(userAgent) : undefined;
  const day = click.timestamp.slice(0, 10);
  const country = typeof details.country === 'string' && /^[A-Za-z0-9]{2}$/.test(details.country);
  return {
    hour: click.timestamp.slice(0, 13),
    day,
    bot,
    referrer: referrerHost(details.referrer),
    browser: bounded(parsed?.browser.name),
    os: bounded(parsed?.os.name),
    // A posted click was not seen coming from any device: the devices list counts it as `api`, whatever its
    // details say, so a link's statistics show how many of its clicks were posted rather than observed.
    device: click.posted ? POSTED : parsed?.platform.type ? bounded(parsed.platform.type) : bot ? 'bot' : UNKNOWN,
    country: country ? String(details.country).toUpperCase() : UNKNOWN,
    target: typeof details.original_url === 'string' ? bounded(details.original_url, MAX_TARGET_LENGTH) : UNKNOWN,
    visitor: bot ? undefined : (visitor ?? fnv1a(`${day.slice(0, 7)}\n${userAgent}`)),
  };
}
