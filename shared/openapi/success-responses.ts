import { recordExamples } from '../api/openapi-examples.js';
import type { RouteContract, Success } from '../api/route-declaration.js';
import { csvLine } from '../http/csv-answer.js';
import { requestIdHeader, schemaRef } from './components.js';
import type { Response } from './document-types.js';

/** The answer a route gives when it does what it was asked: a record, a list, a file, a redirect or nothing. */
export function successResponse(success: Success): Response {
  switch (success.status) {
    case 204:
      return { description: success.description, headers: requestIdHeader };
    case 302:
      return {
        description: success.description,
        headers: {
          ...requestIdHeader,
          Location: {
            description:
              'The original URL: as stored when it is printable ASCII without spaces, otherwise its standard ' +
              'ASCII serialization (punycode host, percent-encoded path, query and fragment)',
            required: true,
            schema: { type: 'string', pattern: '^[\\x21-\\x7E]+$' },
          },
        },
      };
    default: {
      if ('files' in success) {
        return {
          description: success.description,
          headers: requestIdHeader,
          content: Object.fromEntries(
            success.files.map((type) => [
              type,
              { schema: type === 'application/json' && success.json ? schemaRef(success.json) : { type: 'string' } },
            ]),
          ),
        };
      }
      const record = schemaRef(success.record);
      const example = recordExamples[success.record];
      return {
        description: success.description,
        headers: success.list
          ? { ...requestIdHeader, Link: { $ref: '#/components/headers/NextPage' } }
          : requestIdHeader,
        content: {
          'application/json': {
            schema: success.list ? { type: 'array', items: record } : record,
            ...(example !== undefined && { example: success.list ? [example] : example }),
          },
          ...(success.csv && {
            'text/csv': {
              schema: {
                type: 'string',
                description:
                  `With \`Accept: text/csv\` (rated above JSON): a header line of the ${success.record} record's ` +
                  'keys in its order, then one line per record; RFC 4180 quoting, CRLF line ends, a nested ' +
                  "value (an event's `details`) as its JSON text, null as an empty field. A page whose CSV " +
                  'would pass 5 MiB ends early, with its Link to the rest.',
              },
              ...(typeof example === 'object' &&
                example !== null && {
                  example: csvLine(Object.keys(example)) + csvLine(Object.values(example)),
                }),
            },
          }),
        },
      };
    }
  }
}

/** The 202 of a request that goes on without the client. */
export function acceptedResponse(accepted: NonNullable<RouteContract['accepted']>): Response {
  return {
    description: accepted.description,
    headers: {
      ...requestIdHeader,
      Location: {
        description: 'Where to follow it (its `status_url`)',
        required: true,
        schema: { type: 'string', format: 'uri' },
      },
    },
    content: { 'application/json': { schema: schemaRef(accepted.record) } },
  };
}
