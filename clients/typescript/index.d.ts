import type { Client, ClientOptions as FetchClientOptions, FetchOptions, FetchResponse } from 'openapi-fetch';
import type { paths } from './openapi.js';

export type { components, operations, paths } from './openapi.js';

export interface ClientOptions extends Omit<FetchClientOptions, 'baseUrl'> {
  /** The service: `http://localhost:3000` for `npm start`, or a deployment's `ServiceUrl`. */
  baseUrl: string;
  /** An access key for a service in keys mode (`usk_...` a user's, `ask_...` an operator's), sent as a bearer token. */
  apiKey?: string;
}

type Method = 'get' | 'put' | 'post' | 'delete' | 'head';

/** The paths that have an operation for `M`. */
type PathsWith<M extends Method> = { [P in keyof paths]: paths[P][M] extends undefined ? never : P }[keyof paths];

/** What a request to `P` with `M` takes: the path and query parameters, the headers, the body. */
export type RequestOptions<P extends PathsWith<M>, M extends Method> = FetchOptions<paths[P][M]>;

/** The JSON body of a request to `P` with `M` (a link of POST /urls/bulk is a `RequestBody<'/urls', 'post'>`). */
export type RequestBody<P extends PathsWith<M>, M extends Method> = NonNullable<RequestOptions<P, M>['body']>;

type Operation<P extends PathsWith<M>, M extends Method> = paths[P][M] & Record<string | number, unknown>;

/**
 * One method of the client. Unlike openapi-fetch's own signature, which infers the options from the argument and
 * so accepts any extra field (a misspelled optional one included), the options here are typed by the path alone:
 * TypeScript checks the object as written, and a field the operation does not have is a compile error.
 */
type Call<M extends Method> = <P extends PathsWith<M>>(
  url: P,
  ...init: Record<never, never> extends RequestOptions<P, M>
    ? [init?: RequestOptions<P, M>]
    : [init: RequestOptions<P, M>]
) => Promise<FetchResponse<Operation<P, M>, RequestOptions<P, M>, 'application/json'>>;

/**
 * The service's API: `client.POST('/urls', { body })`, `client.GET('/urls/{id}', { params: { path: { id } } })`,
 * each answering `{ data, error, response }`, `data` and `error` typed by the operation's answers.
 */
export interface UrlShortenerClient extends Pick<Client<paths, 'application/json'>, 'use' | 'eject'> {
  GET: Call<'get'>;
  POST: Call<'post'>;
  PUT: Call<'put'>;
  DELETE: Call<'delete'>;
  HEAD: Call<'head'>;
}

/** A client of the service at `baseUrl`, sending `Authorization: Bearer <apiKey>` when `apiKey` is given. */
export declare function createClient(options: ClientOptions): UrlShortenerClient;
