import type { APIGatewayProxyEvent } from 'aws-lambda';
import { serviceConfig } from './config.js';
import { RequestValidationError } from './errors.js';
import { addressOfLink, hostOfLink, normalizeAddress } from './hosts.js';
import { requestHeader } from './http/headers.js';
import { isBlocked } from './store/blocked-hosts.js';

/**
 * What a link may lead to (CONTRACT.md, "Abuse controls"): not to one of the service's own short links (a
 * loop), and not to a blocked host. Refused as a 422 at the link's field.
 */

export const OWN_LINK = "Links to this service's own short links are not allowed";
export const BLOCKED_LINK = 'Links to this host are not allowed';

/** The service's own addresses for this request: configured, the public base URL's, and the request's. */
function ownAddresses(event: Pick<APIGatewayProxyEvent, 'headers'>): string[] {
  const config = serviceConfig();
  const seen = [
    requestHeader(event, 'x-viewer-host'),
    requestHeader(event, 'x-edge-host'),
    requestHeader(event, 'host'),
    config.publicBaseUrl,
  ]
    .map((address) => (address ? normalizeAddress(address) : undefined))
    .filter((address): address is string => address !== undefined);
  return [...config.shortLinkHosts, ...seen];
}

/** Whether a link's address is one of these (an address without a port also stands for its default ports). */
function isOwn(link: string, own: string[]): boolean {
  const address = addressOfLink(link);
  const host = hostOfLink(link);
  if (!address || !host) return false;
  const port = address.slice(host.length + 1);
  return own.some((entry) => entry === address || (entry === host && ['', '80', '443'].includes(port)));
}

const refused = (field: string, msg: string) =>
  new RequestValidationError([{ loc: ['body', field], msg, type: 'value_error' }]);

/** Refuses a link to the service itself or to a blocked host, at `field` of the body. */
export async function checkLinkTarget(
  field: string,
  link: string,
  event: Pick<APIGatewayProxyEvent, 'headers'>,
): Promise<void> {
  if (isOwn(link, ownAddresses(event))) throw refused(field, OWN_LINK);
  if (await isBlocked(hostOfLink(link))) throw refused(field, BLOCKED_LINK);
}
