import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { BLOCKED_LINK, OWN_LINK } from '../../shared/links/link-rules.js';
import { RULES_TOO_LARGE } from '../../shared/schemas/campaign-fields.js';
import { BLOCKED_TARGET, NOT_PUBLIC, OWN_TARGET } from '../../shared/webhooks/webhook-targets.js';
import { workerShared } from './worker-shared.js';

/**
 * Holds every HTTP exchange of the integration suite to the OpenAPI document the service publishes, in both
 * directions: a request the document accepts must not be refused as invalid (422), a request it refuses must
 * not succeed, and every answer must be one the operation documents, with a body and headers that fit.
 * `httpClient` (service.ts) runs every exchange through `checkExchange`; a mismatch fails the test that made it.
 */

export interface Exchange {
  method: string;
  /** Path and query, as sent. */
  url: string;
  requestContentType?: string;
  /** The request's headers, for the operations' header parameters. */
  requestHeaders?: Record<string, string>;
  /** The body as sent (text), when it was text. */
  requestBody?: string;
  status: number;
  responseHeaders: Headers;
  responseText: string;
}

/**
 * Rules the service enforces that JSON Schema cannot state, so a 422 there is expected for a request the
 * document accepts: the serialized size and depth of `details`, a cursor that belongs to another list, and a
 * statistics range's bounds (a real date, `to` after `from`, at most 400 days or 744 hours between them).
 * Also the multipart upload's `file` field, because this check does not parse multipart bodies.
 */
// `expires_at` must be in the future: a rule of the clock, which JSON Schema cannot state.
const rulesBeyondJsonSchema = new Set([
  'body.details',
  'query.cursor',
  'body.file',
  'query.from',
  'query.to',
  'body.expires_at',
  // A blocked entry's rules (a name's labels, an address, a CIDR's bounds) are shared/platform/hosts.ts's, not a pattern's.
  'path.host',
  // A list that answers CSV too documents one `limit` for both; JSON's lower bound is in its description only.
  'query.limit',
  // At most 10 tags once lower-cased and made distinct; weights that add up to 100.
  'body.tags',
  'body.variants',
  // A webhook's links must be the user's own.
  'body.url_ids',
]);

/**
 * Refusals that depend on the service's state, not on the request's shape (abuse controls: shared/links/link-rules.ts),
 * or on a size JSON Schema cannot measure (the rules' bytes, not their characters).
 */
const stateRefusals = new Set([OWN_LINK, BLOCKED_LINK, NOT_PUBLIC, OWN_TARGET, BLOCKED_TARGET, RULES_TOO_LARGE]);

type JsonObject = Record<string, unknown>;
interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: JsonObject }[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonObject }> };
  responses: Record<string, JsonObject>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: JsonObject;
}

/**
 * The document as `npm run openapi` wrote it, which test/unit/openapi.test.ts holds equal to the one the route
 * table and schemas build (and GET /openapi.json serves), and the validators compiled from it: read, loaded and
 * compiled once for the files of a Jest worker, not again in each file's module registry (docs/benchmarks.md,
 * "Measured choices in the code").
 */
const { document, validatorAt } = await workerShared('openapi-validators', async () => {
  const document = JSON.parse(
    readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'),
  ) as OpenApiDocument;
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  // ajv-formats is CommonJS with its function as the default export.
  type AddFormats = (instance: InstanceType<typeof Ajv2020>) => unknown;
  const addFormatsModule = await import('ajv-formats');
  const addFormats = ((addFormatsModule.default as unknown as { default?: AddFormats }).default ??
    addFormatsModule.default) as unknown as AddFormats;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: 'openapi' });
  const compiled = new Map<string, ValidateFunction>();
  /** A validator for the schema at a JSON pointer inside the document (so its `#/components/...` refs resolve). */
  const validatorAt = (pointer: string): ValidateFunction => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi#${pointer}` });
      compiled.set(pointer, validate);
    }
    return validate;
  };
  return { document, validatorAt };
});
const pointerSegment = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

function resolve<T>(node: T | { $ref: string }): T {
  const ref = (node as { $ref?: string }).$ref;
  if (!ref) return node as T;
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((value, segment) => (value as JsonObject)[segment], document) as T;
}

/** A template segment: a literal, or a parameter with an optional literal after it (`{code}+`). */
const parameterSegment = /^\{(\w+)\}(.*)$/;

/**
 * Path templates, the most specific first (a literal segment beats a parameter with a literal suffix, which
 * beats a bare parameter, as in API Gateway).
 */
const templates = Object.keys(document.paths)
  .map((template) => {
    const segments = template.split('/').filter(Boolean);
    const rank = (segment: string) => {
      const parameter = parameterSegment.exec(segment);
      return parameter ? (parameter[2] ? '1' : '0') : '2';
    };
    return { template, segments, specificity: segments.map(rank).join('') };
  })
  .sort((a, b) => b.specificity.localeCompare(a.specificity));

function matchTemplate(pathname: string) {
  const segments = pathname.split('/').filter(Boolean);
  for (const candidate of templates) {
    if (candidate.segments.length !== segments.length) continue;
    const parameters: Record<string, string> = {};
    const fits = candidate.segments.every((segment, i) => {
      const actual = decodeURIComponent(segments[i] ?? '');
      const parameter = parameterSegment.exec(segment);
      if (!parameter) return segment === actual;
      const [, name = '', suffix = ''] = parameter;
      if (!actual.endsWith(suffix) || actual.length === suffix.length) return false;
      parameters[name] = actual.slice(0, actual.length - suffix.length);
      return true;
    });
    if (fits) return { template: candidate.template, parameters };
  }
  return undefined;
}

/** Text parameters as a validator sees them once deserialized: an integer parameter's digits as a number. */
function deserialize(value: string, schema: JsonObject): unknown {
  return schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
}

function errorsOf(validate: ValidateFunction, where: string): string[] {
  return (validate.errors ?? []).map((error) => `${where}${error.instancePath} ${error.message}`);
}

/** Why the document refuses this request, or nothing when it accepts it. */
function requestProblems(exchange: Exchange, template: string, operation: Operation, parameters: JsonObject) {
  const url = new URL(exchange.url, 'http://service');
  const problems: string[] = [];
  const base = `/paths/${pointerSegment(template)}/${exchange.method.toLowerCase()}`;
  (operation.parameters ?? []).forEach((parameter, index) => {
    const raw =
      parameter.in === 'path'
        ? (parameters[parameter.name] as string)
        : parameter.in === 'header'
          ? Object.entries(exchange.requestHeaders ?? {}).find(
              ([name]) => name.toLowerCase() === parameter.name.toLowerCase(),
            )?.[1]
          : url.searchParams.get(parameter.name);
    if (raw === null || raw === undefined) {
      if (parameter.required) problems.push(`${parameter.in}.${parameter.name} is required`);
      return;
    }
    const validate = validatorAt(`${base}/parameters/${index}/schema`);
    if (!validate(deserialize(raw, parameter.schema)))
      problems.push(...errorsOf(validate, `${parameter.in}.${parameter.name}`));
  });
  if (operation.requestBody) {
    const mediaType = (exchange.requestContentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (exchange.requestBody === undefined || exchange.requestBody === '') {
      if (operation.requestBody.required) problems.push('the body is required');
    } else if (!(mediaType in operation.requestBody.content)) {
      problems.push(`the body's media type ${mediaType || '(none)'} is not documented`);
    } else if (mediaType === 'application/json') {
      let body: unknown;
      try {
        body = JSON.parse(exchange.requestBody);
      } catch {
        problems.push('the body is not JSON');
      }
      const validate = validatorAt(`${base}/requestBody/content/application~1json/schema`);
      if (body !== undefined && !validate(body)) problems.push(...errorsOf(validate, 'body'));
    }
  }
  return problems;
}

/** Why the answer does not fit what the operation documents for its status, or nothing. */
function responseProblems(exchange: Exchange, template: string, operation: Operation): string[] {
  const method = exchange.method.toLowerCase();
  const status = String(exchange.status);
  const documented = operation.responses[status];
  if (!documented) return [`status ${status} is not documented for ${exchange.method} ${template}`];
  const response = resolve<{ content?: Record<string, unknown>; headers?: Record<string, JsonObject> }>(documented);
  const problems: string[] = [];
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    const required = resolve<{ required?: boolean }>(header).required === true;
    if (required && !exchange.responseHeaders.has(name)) problems.push(`header ${name} is missing`);
  }
  const contentType = exchange.responseHeaders.get('content-type')?.split(';')[0]?.trim() ?? '';
  if (!response.content || exchange.method === 'HEAD') {
    if (exchange.responseText !== '') problems.push(`status ${status} documents no body, but one was sent`);
    return problems;
  }
  if (!(contentType in response.content)) {
    return [...problems, `content type ${contentType || '(none)'} is not documented for status ${status}`];
  }
  if (contentType !== 'application/json') return problems;
  const pointer =
    'content' in documented
      ? `/paths/${pointerSegment(template)}/${method}/responses/${status}/content/application~1json/schema`
      : `${(documented as unknown as { $ref: string }).$ref.replace(/^#/, '')}/content/application~1json/schema`;
  const validate = validatorAt(pointer);
  let body: unknown;
  try {
    body = JSON.parse(exchange.responseText);
  } catch {
    return [...problems, 'the body is not JSON'];
  }
  if (!validate(body)) problems.push(...errorsOf(validate, 'response'));
  return problems;
}

/** Everything about this exchange that the document and the service disagree on (empty when they agree). */
export function checkExchange(exchange: Exchange): string[] {
  const { pathname } = new URL(exchange.url, 'http://service');
  const matched = matchTemplate(pathname);
  if (exchange.method === 'OPTIONS') return []; // CORS preflight, answered by the gateway itself
  if (!matched)
    return exchange.status === 404 ? [] : [`${pathname} is not in the document but answered ${exchange.status}`];
  const operations = document.paths[matched.template] ?? {};
  const operation = operations[exchange.method.toLowerCase()];
  if (!operation) {
    return exchange.status === 405
      ? []
      : [`${exchange.method} ${matched.template} is not documented but answered ${exchange.status}`];
  }

  const refused = requestProblems(exchange, matched.template, operation, matched.parameters);
  const problems = responseProblems(exchange, matched.template, operation);
  const accepted = exchange.status < 400;
  if (accepted && refused.length > 0) {
    problems.push(`the service accepted a request the document refuses: ${refused.join('; ')}`);
  }
  const refusal =
    exchange.status === 422 ? (JSON.parse(exchange.responseText) as { detail: unknown }).detail : undefined;
  // A 422 whose detail is a sentence (an Idempotency-Key reused with another request) refuses the request for
  // what was sent before, not for its shape.
  if (Array.isArray(refusal) && refused.length === 0) {
    const issues = refusal as { loc: (string | number)[]; msg: string }[];
    const beyondSchema = issues.every(
      (issue) => rulesBeyondJsonSchema.has(issue.loc.slice(0, 2).join('.')) || stateRefusals.has(issue.msg),
    );
    if (!beyondSchema) problems.push(`the document accepts a request the service refused: ${exchange.responseText}`);
  }
  return problems.map((problem) => `${exchange.method} ${exchange.url} → ${exchange.status}: ${problem}`);
}
