import type { APIGatewayProxyEvent } from 'aws-lambda';
import { serviceConfig } from '../platform/config.js';
import { type Address, addressOf } from '../platform/hosts.js';
import { requestHeader } from './headers.js';

/** The service's own addresses for this request: configured, the public base URL's, and the request's. */
export function ownAddresses(event: Pick<APIGatewayProxyEvent, 'headers'>): Address[] {
  const config = serviceConfig();
  return [
    ...config.shortLinkHosts,
    requestHeader(event, 'x-viewer-host'),
    requestHeader(event, 'x-edge-host'),
    requestHeader(event, 'host'),
    config.publicBaseUrl,
  ]
    .map((address) => (address ? addressOf(address) : undefined))
    .filter((address): address is Address => address !== undefined);
}
