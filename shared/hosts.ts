import { RequestValidationError } from './errors.js';

/**
 * Hosts as the abuse controls compare them (CONTRACT.md, "Abuse controls"): after the WHATWG URL parser's
 * IDNA conversion (punycode), lower-cased, without a trailing dot, on whole labels.
 */

/** A host name as compared: punycode, lower case, no trailing dot; undefined for what is not a host. */
export function normalizeHost(raw: string): string | undefined {
  const text = raw.trim();
  if (text === '' || /[/\s?#@]/.test(text)) return undefined;
  try {
    const hostname = new URL(`http://${text}`).hostname.replace(/\.$/, '');
    return hostname === '' ? undefined : hostname;
  } catch {
    return undefined;
  }
}

/** A host with its port as compared (`go.example.com`, `localhost:3000`): the default ports are dropped. */
export function normalizeAddress(raw: string): string | undefined {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw.trim()}`);
    const hostname = url.hostname.replace(/\.$/, '');
    return hostname === '' ? undefined : url.port ? `${hostname}:${url.port}` : hostname;
  } catch {
    return undefined;
  }
}

/** The host (and port) a link leads to, as compared. */
export const addressOfLink = (link: string): string | undefined => normalizeAddress(link);

/** The host name a link leads to, as compared. */
export function hostOfLink(link: string): string | undefined {
  try {
    return new URL(link).hostname.replace(/\.$/, '') || undefined;
  } catch {
    return undefined;
  }
}

/** Whether `host` is `blocked` or one of its subdomains, on whole labels (`notbad.example` is not `bad.example`). */
export const isWithin = (host: string, blocked: string): boolean => host === blocked || host.endsWith(`.${blocked}`);

/** The host a `/blocked-hosts/{host}` path names, normalized; a 422 at ["path", "host"] for what is not one. */
export function blockedHostOf(raw: string): string {
  const host = normalizeHost(raw);
  if (!host) {
    throw new RequestValidationError([
      { loc: ['path', 'host'], msg: 'Input should be a host name', type: 'value_error' },
    ]);
  }
  return host;
}
