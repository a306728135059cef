import type { IncomingMessage } from 'node:http';
import { runInNewContext } from 'node:vm';
import { viewerHeadersPassed } from '../lib/edge-headers.js';
import { edgeBehaviourOf } from '../lib/edge-paths.js';
import { shortLinkFunctionCode } from '../lib/short-link-function.js';
import { viewerCountry } from './viewer-country.js';

/**
 * What CloudFront does in the deployment before a request reaches the functions, done here by the local
 * gateway: its viewer-request function (the same source, lib/edge/short-link-rewrite.js, run as CloudFront runs
 * it) rewrites `/<code>+`, adds the viewer's host, and answers a short link's wrong method itself; the headers
 * CloudFront sets itself are set here from the connection, and any a client sent under those names is dropped
 * first (docs/decisions.md, "Hardening"): a client must not choose the address its visitor tag is made from, nor its
 * `short_url`. Which origin then serves the request is CloudFront's behaviours' choice (lib/edge-paths.ts), and
 * each behaviour passes on only the headers its policies list (lib/edge-headers.ts), as CloudFront does.
 */

export type HeaderPairs = [name: string, value: string][];

type EdgeHeaders = Record<string, { value: string }>;

/** Headers only the edge may set: CloudFront's own, the forwarding ones, and those the edge function adds. */
const setAtTheEdge = (name: string) =>
  name.startsWith('cloudfront-') ||
  ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded', 'via'].includes(name) ||
  ['x-viewer-host', 'x-edge-host', 'x-short-form', 'x-origin-verify', 'x-origin-verify-version'].includes(name);

/** A request's headers as the client sent them: each one, repeated ones included, in order. */
export function* rawHeaderPairs(request: IncomingMessage): Generator<[string, string]> {
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    yield [request.rawHeaders[i] as string, request.rawHeaders[i + 1] as string];
  }
}

interface EdgeView {
  /** The path to route, after the edge function's rewrite. */
  path: string;
  /** The request's headers as the function receives them: the client's, less the edge's own, plus those. */
  headers: HeaderPairs;
}

/** An answer the edge function gave itself: the request goes no further. */
interface EdgeAnswer {
  answer: { statusCode: number; headers: Record<string, string>; body: string };
}

type EdgeResult =
  | { uri: string; headers: EdgeHeaders }
  | { statusCode: number; headers?: EdgeHeaders; body?: { encoding: 'text'; data: string } };

/** `CloudFront-Viewer-Country`, as CloudFront adds it for a behaviour whose policy lists it. */
function countryHeader(passed: readonly string[], address: string): HeaderPairs {
  if (!passed.includes('cloudfront-viewer-country')) return [];
  const country = viewerCountry(address);
  return country ? [['cloudfront-viewer-country', country]] : [];
}

/** The edge, once: the function's source is compiled when the gateway starts. */
export function edge(): (request: IncomingMessage, path: string) => EdgeView | EdgeAnswer {
  const edgeFunction = runInNewContext(`${shortLinkFunctionCode()}\n;({ handler })`) as {
    handler: (event: {
      request: { method: string; uri: string; querystring: object; headers: EdgeHeaders };
    }) => EdgeResult;
  };
  return (request, path) => {
    const host = request.headers.host;
    const rewritten = edgeFunction.handler({
      request: {
        method: request.method ?? 'GET',
        uri: path,
        querystring: {},
        headers: host ? { host: { value: host } } : {},
      },
    });
    if ('statusCode' in rewritten) {
      const headers = Object.entries(rewritten.headers ?? {}).map(([name, { value }]) => [name, value]);
      return {
        answer: {
          statusCode: rewritten.statusCode,
          headers: Object.fromEntries(headers),
          body: rewritten.body?.data ?? '',
        },
      };
    }
    const added = Object.entries(rewritten.headers)
      .filter(([name]) => name !== 'host')
      .map(([name, { value }]): [string, string] => [name, value]);
    // The behaviour is chosen by the path the viewer sent, before the rewrite.
    const behaviour = edgeBehaviourOf(path);
    const passed = viewerHeadersPassed[behaviour];
    const viewer = [...[...rawHeaderPairs(request)].filter(([name]) => !setAtTheEdge(name.toLowerCase())), ...added];
    const address = request.socket.remoteAddress ?? '127.0.0.1';
    const port = request.socket.remotePort ?? 0;
    const headers: HeaderPairs = [
      ...viewer.filter(([name]) => passed.includes(name.toLowerCase())),
      // As CloudFront says it, where a policy lists it: the viewer's address (`ip:port`, IPv6 in brackets).
      ...(passed.includes('cloudfront-viewer-address')
        ? [
            ['cloudfront-viewer-address', address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`] as [
              string,
              string,
            ],
          ]
        : []),
      // Where a policy lists it and the address is placed: the viewer's country (private addresses have none).
      ...countryHeader(passed, address),
      // CloudFront's own, on every origin request: it names itself where the viewer's User-Agent is not passed.
      ...(passed.includes('user-agent') ? [] : [['user-agent', 'Amazon CloudFront'] as [string, string]]),
      ['x-forwarded-for', address],
      // The origin's (API Gateway's, or the function URL's) scheme: plain HTTP here.
      ['x-forwarded-proto', 'http'],
    ];
    return { path: rewritten.uri, headers };
  };
}
