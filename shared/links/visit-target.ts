import Bowser from 'bowser';
import { isbot } from 'isbot';
import type { LinkVariant, RedirectCondition, RedirectRule } from '../domain/records.js';
import { timestamp } from '../platform/clock.js';

/** An `after` or `before` condition's instant (the contract's form, or with `Z`) in the contract's form. */
const conditionInstant = (value: string): string => timestamp(new Date(Date.parse(`${value.replace(/Z$/, '')}Z`)));

/**
 * Where one visit of a link goes (docs/decisions.md, "Links for campaigns"): the first redirect rule whose
 * conditions all hold, else a variant chosen by weight (the same for a visitor all month), else the link's
 * target. Pure: the visit's facts come in, nothing is read or stored.
 */

/** What a visit shows of itself, as far as rules and variants look at it. */
export interface VisitFacts {
  userAgent: string | undefined;
  acceptLanguage: string | undefined;
  /** ISO 3166-1 alpha-2, upper case; unknown (loopback, private addresses) is undefined. */
  country: string | undefined;
  query: Record<string, string[] | undefined>;
  /** The visit's instant in the contract's form. */
  now: string;
  /** The visitor's tag of the month (the statistics' unique visitors), none for a bot. */
  visitor: number | undefined;
}

/** Where the visit goes, and what decided it: a rule (its index), a variant (its index), or neither. */
export interface VisitTarget {
  url: string;
  rule?: number;
  variant?: number;
}

interface CampaignLink {
  url_id: number;
  original_url: string;
  redirect_rules: RedirectRule[];
  variants: LinkVariant[] | null;
}

/** The user agent read once per visit, and only when a condition asks about it. */
type AgentReader = () => { parsed: Bowser.Parser.ParsedResult; bot: boolean } | undefined;

const agentReader = (userAgent: string | undefined): AgentReader => {
  let read: ReturnType<AgentReader> | null = null;
  return () => {
    if (read === null)
      read = userAgent?.trim() ? { parsed: Bowser.parse(userAgent), bot: isbot(userAgent) } : undefined;
    return read;
  };
};

const OS_OF_DEVICE: Record<string, string> = {
  ios: 'iOS',
  android: 'Android',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  chromeos: 'Chrome OS',
};
const BROWSER_NAMES: Record<string, readonly string[]> = {
  chrome: ['Chrome', 'Chromium'],
  firefox: ['Firefox'],
  safari: ['Safari'],
  edge: ['Microsoft Edge'],
  opera: ['Opera'],
};

/** Whether a browser (not a bot) of this kind made the visit; `mobile` is any phone or tablet, `desktop` any other. */
function isDevice(kind: string, agent: AgentReader): boolean {
  const read = agent();
  if (!read || read.bot) return false;
  const platform = read.parsed.platform.type;
  const handheld = platform === 'mobile' || platform === 'tablet';
  if (kind === 'mobile') return handheld;
  if (kind === 'desktop') return !handheld;
  return read.parsed.os.name === OS_OF_DEVICE[kind];
}

function isBrowser(name: string, agent: AgentReader): boolean {
  const read = agent();
  return read !== undefined && !read.bot && (BROWSER_NAMES[name] ?? []).includes(read.parsed.browser.name ?? '');
}

/** The visitor's most preferred language in `Accept-Language`: the highest `q`, the first on ties; none for `*`. */
export function preferredLanguage(acceptLanguage: string | undefined): string | undefined {
  let best: { tag: string; q: number } | undefined;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const qParameter = parameters.find((parameter) => /^q=/i.test(parameter));
    const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) || !(q > 0) || q > 1) continue;
    if (best === undefined || q > best.q) best = { tag: tag.toLowerCase(), q };
  }
  return best?.tag;
}

/** `en` holds for `en` and `en-GB`; `pt-BR` only for `pt-BR`. */
function isLanguage(wanted: string, preferred: string | undefined): boolean {
  if (preferred === undefined) return false;
  const tag = wanted.toLowerCase();
  return preferred === tag || (!tag.includes('-') && preferred.split('-')[0] === tag);
}

function holds(
  condition: RedirectCondition,
  visit: VisitFacts,
  agent: AgentReader,
  language: () => string | undefined,
) {
  switch (condition.type) {
    case 'device':
      return isDevice(condition.value.toLowerCase(), agent);
    case 'browser':
      return isBrowser(condition.value.toLowerCase(), agent);
    case 'language':
      return isLanguage(condition.value, language());
    case 'country':
      return visit.country !== undefined && visit.country === condition.value.toUpperCase();
    case 'query': {
      const values = visit.query[condition.name];
      return (
        values !== undefined && values.length > 0 && (condition.value === undefined || values.includes(condition.value))
      );
    }
    case 'after':
      return visit.now >= conditionInstant(condition.value);
    case 'before':
      return visit.now < conditionInstant(condition.value);
  }
}

/** A 32-bit avalanche (MurmurHash3's finalizer): nearby inputs land far apart. */
function mix(value: number): number {
  let hash = value >>> 0;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/**
 * The variant of a visit: a point of 0-99 from the visitor's tag and the link (so a visitor is not put in the
 * same arm of every test), or at random for a visit without a visitor, then the arm whose weights cover it.
 */
export function chooseVariant(urlId: number, variants: LinkVariant[], visitor: number | undefined): number {
  const point = visitor === undefined ? Math.floor(Math.random() * 100) : mix(visitor ^ mix(urlId + 0x9e3779b9)) % 100;
  let covered = 0;
  for (const [index, variant] of variants.entries()) {
    covered += variant.weight;
    if (point < covered) return index;
  }
  return variants.length - 1;
}

export function visitTarget(link: CampaignLink, visit: VisitFacts): VisitTarget {
  if (link.redirect_rules.length > 0) {
    const agent = agentReader(visit.userAgent);
    let language: string | undefined | null = null;
    const languageOnce = () => {
      if (language === null) language = preferredLanguage(visit.acceptLanguage);
      return language;
    };
    const rule = link.redirect_rules.findIndex((candidate) =>
      candidate.conditions.every((condition) => holds(condition, visit, agent, languageOnce)),
    );
    if (rule !== -1) return { url: (link.redirect_rules[rule] as RedirectRule).url, rule };
  }
  if (link.variants !== null && link.variants.length > 0) {
    const variant = chooseVariant(link.url_id, link.variants, visit.visitor);
    return { url: (link.variants[variant] as LinkVariant).url, variant };
  }
  return { url: link.original_url };
}
