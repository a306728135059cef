import type * as z from 'zod/mini';
import type { core } from 'zod/mini';
import type { RecordName } from './components.js';

/**
 * What zod cannot say about a route (summaries, success statuses, which business errors a route has): one
 * entry per route, in the `*-operations.ts` modules beside this one.
 */

type BusinessErrorStatus = 400 | 404 | 410 | 422 | 503;

export type Success =
  | {
      status: 200 | 201 | 207;
      description: string;
      record: RecordName;
      list?: true;
      /** Also answered as CSV (`Accept: text/csv`), with these query bounds. */
      csv?: { query: z.ZodMiniObject };
    }
  | { status: 200; description: string; files: string[]; json?: RecordName }
  | { status: 204 | 302; description: string };

export interface PathInput {
  schema: z.ZodMiniObject;
  /** What each path parameter names on this route; the schema says only what it looks like. */
  meanings: Record<string, string>;
  /** Values to show in the reference, where they differ from `parameterExamples`. */
  examples?: Record<string, unknown>;
}

export interface OperationEntry {
  summary: string;
  description?: string;
  body?: { mediaType: 'application/json' | 'multipart/form-data'; schema: core.$ZodType };
  query?: z.ZodMiniObject;
  path?: PathInput;
  success: Success;
  /** A 202 besides the success: the request goes on without the client, followed at its `Location`. */
  accepted?: { description: string; record: RecordName };
  /** The route's own failures, with the detail texts it answers them with. */
  errors?: Partial<Record<BusinessErrorStatus, string>>;
  /** The body in keys mode, when it differs. */
  keysModeBody?: OperationEntry['body'];
  /** Its own errors are a small HTML page for a browser (Accept preferring text/html), JSON otherwise. */
  pagesForPeople?: true;
}

export const json = (schema: core.$ZodType) => ({ mediaType: 'application/json', schema }) as const;
