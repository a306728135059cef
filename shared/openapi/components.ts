import type { RecordName } from '../schemas/record-schemas.js';
import type { Header, Ref } from './document-types.js';

export const schemaRef = (name: RecordName): Ref => ({ $ref: `#/components/schemas/${name}` });

/** The headers every answer, or every list, carries: published once under `components.headers`. */
export const sharedHeaders = {
  RequestId: {
    description: "The gateway's request id, also in every log line about the request",
    schema: { type: 'string' },
  },
  NextPage: {
    description:
      '`<...>; rel="next"`, sent when the window is full: the same request, resumed after its last item by `cursor`',
    schema: { type: 'string' },
  },
} satisfies Record<string, Header>;

export const requestIdHeader = { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } };
