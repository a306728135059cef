/**
 * IAM's evaluation of identity-based policies, for the statements the stack's roles contain: explicit
 * `Deny` wins, then any matching `Allow`, else an implicit deny. It covers `Action`/`NotAction`,
 * `Resource`/`NotResource` with `*` and `?` wildcards, and the condition operators below with their
 * `ForAllValues:`/`ForAnyValue:` set qualifiers and `IfExists`. Anything else in a policy is refused loudly
 * (`UnsupportedPolicyError`): a statement this file cannot read must not be taken as allowing anything.
 *
 * Hand-written rather than `@cloud-copilot/iam-simulate` (docs/decisions.md, "AWS's permissions, locally").
 */

type PolicyValues = string | readonly string[];

export interface PolicyStatement {
  Effect: 'Allow' | 'Deny';
  Action?: PolicyValues;
  NotAction?: PolicyValues;
  Resource?: PolicyValues;
  NotResource?: PolicyValues;
  Condition?: Record<string, Record<string, PolicyValues | boolean>>;
}

/** One authorization IAM makes: an action on a resource, with the request's condition keys. */
export interface AuthorizationRequest {
  action: string;
  resource: string;
  /** Condition keys and their values (`dynamodb:LeadingKeys` is multivalued); a key left out is absent. */
  context: Record<string, readonly string[]>;
}

type Decision = 'allowed' | 'implicitly denied' | 'explicitly denied';

/** IAM's decision, and which statements (by position) allowed the request. */
interface Evaluation {
  decision: Decision;
  allowedBy: number[];
}

export class UnsupportedPolicyError extends Error {}

const asList = (value: PolicyValues | boolean | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? [...value] : [String(value)];

/** IAM's wildcards: `*` any run of characters, `?` one character; everything else literal. */
function wildcard(pattern: string, caseInsensitive: boolean): RegExp {
  const body = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`, caseInsensitive ? 'is' : 's');
}

const matchesAny = (patterns: string[], value: string, caseInsensitive: boolean) =>
  patterns.some((pattern) => wildcard(pattern, caseInsensitive).test(value));

/** Each supported operator: whether one request value satisfies one policy value. */
const operators: Record<string, (policy: string, request: string) => boolean> = {
  StringEquals: (policy, request) => policy === request,
  StringLike: (policy, request) => wildcard(policy, false).test(request),
  StringEqualsIgnoreCase: (policy, request) => policy.toLowerCase() === request.toLowerCase(),
  ArnEquals: (policy, request) => policy === request,
  ArnLike: (policy, request) => wildcard(policy, false).test(request),
  Bool: (policy, request) => policy.toLowerCase() === request.toLowerCase(),
};
const negated: Record<string, string> = { StringNotEquals: 'StringEquals', StringNotLike: 'StringLike' };

/** One operator on one key, with IAM's rules for absent keys, set qualifiers and negation. */
function conditionHolds(operator: string, policyValues: string[], requestValues: readonly string[] | undefined) {
  const [qualifier, rest] = operator.includes(':') ? operator.split(':', 2) : [undefined, operator];
  const ifExists = (rest as string).endsWith('IfExists');
  const bare = ifExists ? (rest as string).slice(0, -'IfExists'.length) : (rest as string);
  const positive = negated[bare] ?? bare;
  const test = operators[positive];
  if (!test || (qualifier !== undefined && qualifier !== 'ForAllValues' && qualifier !== 'ForAnyValue')) {
    throw new UnsupportedPolicyError(`Condition operator ${operator} is not emulated locally`);
  }
  const matches = (value: string) => policyValues.some((policy) => test(policy, value));
  const values = requestValues ?? [];
  if (qualifier === 'ForAllValues') {
    // True for an absent or empty key: the classic pitfall, reproduced as IAM has it.
    return values.every((value) => (bare === positive ? matches(value) : !matches(value)));
  }
  if (qualifier === 'ForAnyValue') {
    return values.some((value) => (bare === positive ? matches(value) : !matches(value)));
  }
  if (requestValues === undefined) return ifExists || bare !== positive;
  const anyMatch = values.some(matches);
  return bare === positive ? anyMatch : !anyMatch;
}

function statementApplies(statement: PolicyStatement, request: AuthorizationRequest): boolean {
  const actionMatches =
    statement.Action !== undefined
      ? matchesAny(asList(statement.Action), request.action, true)
      : statement.NotAction !== undefined && !matchesAny(asList(statement.NotAction), request.action, true);
  if (!actionMatches) return false;
  const resourceMatches =
    statement.Resource !== undefined
      ? matchesAny(asList(statement.Resource), request.resource, false)
      : statement.NotResource !== undefined && !matchesAny(asList(statement.NotResource), request.resource, false);
  if (!resourceMatches) return false;
  return Object.entries(statement.Condition ?? {}).every(([operator, keys]) =>
    Object.entries(keys).every(([key, values]) => conditionHolds(operator, asList(values), request.context[key])),
  );
}

/** What IAM decides for `request` under these statements (every policy attached to one role). */
export function evaluate(statements: readonly PolicyStatement[], request: AuthorizationRequest): Evaluation {
  const allowedBy: number[] = [];
  for (const [position, statement] of statements.entries()) {
    if (!statementApplies(statement, request)) continue;
    if (statement.Effect === 'Deny') return { decision: 'explicitly denied', allowedBy: [] };
    allowedBy.push(position);
  }
  return { decision: allowedBy.length > 0 ? 'allowed' : 'implicitly denied', allowedBy };
}
