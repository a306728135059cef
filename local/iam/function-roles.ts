import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LOCAL_ACCOUNT,
  LOCAL_REGION,
  queueArn,
  suppliedConditionKeys,
  type TableKeys,
  tableArn,
} from './authorization-requests.js';
import { type PolicyStatement, UnsupportedPolicyError } from './policy-evaluation.js';

/**
 * Each function's permissions as the stack synthesizes them: the statements of every policy attached to its
 * role in the CloudFormation template, with the stack's tables and queues written as placeholders
 * (`{{Storage/Table}}`, their construct paths) that `bindFunctionRoles` replaces with the local names.
 * Functions are named by their construct path too: `GetUrlsIdRedirect` (a route, `routeName`),
 * `EventWriter`, `StartupSeed/SeedOnDeploy`.
 */
export interface FunctionRoles {
  functions: Record<string, PolicyStatement[]>;
  /** Each table's key attributes, by its placeholder's construct path. */
  tables: Record<string, TableKeys>;
}

/** The local roles: placeholders replaced by the tables and queues this runtime made. */
export interface BoundFunctionRoles {
  functions: Record<string, PolicyStatement[]>;
  /** Each table's key attributes, by its local name. */
  tables: Record<string, TableKeys>;
}

/** The construct paths of the stack's tables and queues, as the placeholders name them. */
export const stackResources = {
  table: 'Storage/Table',
  idempotencyTable: 'Storage/IdempotencyRecords',
  visitorSecretsTable: 'Storage/VisitorSecrets',
  eventsQueue: 'Events/Queue',
  deadLetterQueue: 'Events/DeadLetterQueue',
  importsQueue: 'Imports/Queue',
  importsDeadLetterQueue: 'Imports/DeadLetterQueue',
  webhookDeliveriesQueue: 'WebhookDeliveries/Queue',
  webhookDeliveriesDeadLetterQueue: 'WebhookDeliveries/DeadLetterQueue',
} as const;

type Json = unknown;
type Resource = { Type: string; Properties?: Record<string, Json>; Metadata?: Record<string, Json> };

const placeholder = (path: string) => `{{${path}}}`;

/** A resource's construct path below the stack, without the trailing `/Resource`. */
function pathOf(resource: Resource): string {
  const path = String(resource.Metadata?.['aws:cdk:path'] ?? '');
  if (!path) throw new Error('The template has no construct paths (aws:cdk:enable-path-metadata)');
  return path
    .split('/')
    .slice(1)
    .join('/')
    .replace(/\/Resource$/, '');
}

const pseudoParameters: Record<string, string> = {
  'AWS::Region': LOCAL_REGION,
  'AWS::AccountId': LOCAL_ACCOUNT,
  'AWS::Partition': 'aws',
  'AWS::URLSuffix': 'amazonaws.com',
};

/** CloudFormation's intrinsic functions, as far as the roles use them, into strings with placeholders. */
function resolve(value: Json, resources: Record<string, Resource>): Json {
  if (Array.isArray(value)) return value.map((item) => resolve(item, resources));
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, Json>;
  if ('Ref' in object) {
    const id = String(object.Ref);
    if (pseudoParameters[id]) return pseudoParameters[id];
    const resource = resources[id];
    if (!resource) throw new UnsupportedPolicyError(`Ref to unknown ${id}`);
    return resource.Type === 'AWS::SecretsManager::Secret'
      ? `arn:aws:secretsmanager:${LOCAL_REGION}:${LOCAL_ACCOUNT}:secret:${placeholder(pathOf(resource))}`
      : placeholder(pathOf(resource));
  }
  if ('Fn::GetAtt' in object) {
    const [id, attribute] = object['Fn::GetAtt'] as [string, string];
    const resource = resources[id];
    const streamOfTable = attribute === 'StreamArn' && resource?.Type.startsWith('AWS::DynamoDB::');
    if (!resource || (attribute !== 'Arn' && !streamOfTable)) {
      throw new UnsupportedPolicyError(`Fn::GetAtt ${id}.${attribute}`);
    }
    const name = placeholder(pathOf(resource));
    // A table's stream: any of its streams (a stream's label is the moment it was enabled).
    if (streamOfTable) return `${tableArn(name)}/stream/*`;
    if (resource.Type.startsWith('AWS::DynamoDB::')) return tableArn(name);
    if (resource.Type === 'AWS::SQS::Queue') return queueArn(name);
    const service = resource.Type.split('::')[1]?.toLowerCase();
    return `arn:aws:${service}:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${name}`;
  }
  if ('Fn::Join' in object) {
    const [separator, parts] = object['Fn::Join'] as [string, Json[]];
    return parts.map((part) => String(resolve(part, resources))).join(separator);
  }
  const [intrinsic] = Object.keys(object);
  if (intrinsic?.startsWith('Fn::')) throw new UnsupportedPolicyError(`${intrinsic} is not resolved locally`);
  return Object.fromEntries(Object.entries(object).map(([key, item]) => [key, resolve(item, resources)]));
}

/** A statement the local check can evaluate faithfully, or an error saying what it cannot. */
function checkedStatement(statement: PolicyStatement): PolicyStatement {
  for (const [operator, keys] of Object.entries(statement.Condition ?? {})) {
    for (const key of Object.keys(keys)) {
      if (!suppliedConditionKeys.includes(key)) {
        throw new UnsupportedPolicyError(`Condition key ${key} (${operator}) is not supplied by the local check`);
      }
    }
  }
  return statement;
}

function keysOf(properties: Record<string, Json>): TableKeys {
  const partitionKey = (schema: Json) =>
    String(
      (schema as { AttributeName: string; KeyType: string }[]).find((key) => key.KeyType === 'HASH')?.AttributeName,
    );
  const indexes = (properties.GlobalSecondaryIndexes ?? []) as { IndexName: string; KeySchema: Json }[];
  return {
    partitionKey: partitionKey(properties.KeySchema),
    indexes: Object.fromEntries(indexes.map((index) => [index.IndexName, partitionKey(index.KeySchema)])),
  };
}

/** Reads every function's role out of a synthesized template (its JSON, with construct path metadata). */
export function functionRolesOf(template: { Resources: Record<string, Resource> }): FunctionRoles {
  const resources = template.Resources;
  const entries = Object.entries(resources);
  const statementsOfRole = (roleId: string): PolicyStatement[] => {
    const role = resources[roleId]?.Properties ?? {};
    if ((role.ManagedPolicyArns as Json[] | undefined)?.length) {
      throw new UnsupportedPolicyError(`${roleId} has managed policies, which the local check cannot read`);
    }
    const documents = [
      ...((role.Policies ?? []) as { PolicyDocument: Json }[]).map((policy) => policy.PolicyDocument),
      ...entries
        .filter(([, resource]) => resource.Type === 'AWS::IAM::Policy')
        .filter(([, resource]) => JSON.stringify(resource.Properties?.Roles).includes(`"${roleId}"`))
        .map(([, resource]) => resource.Properties?.PolicyDocument),
    ];
    return documents.flatMap((document) =>
      ((resolve(document, resources) as { Statement: PolicyStatement[] }).Statement ?? []).map(checkedStatement),
    );
  };
  const functions: Record<string, PolicyStatement[]> = {};
  for (const [, resource] of entries) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const [roleId] = (resource.Properties?.Role as { 'Fn::GetAtt': [string] } | undefined)?.['Fn::GetAtt'] ?? [''];
    functions[pathOf(resource)] = statementsOfRole(roleId);
  }
  const tables = Object.fromEntries(
    entries
      .filter(([, resource]) => resource.Type.startsWith('AWS::DynamoDB::'))
      .map(([, resource]) => [pathOf(resource), keysOf(resource.Properties ?? {})]),
  );
  return { functions, tables };
}

/**
 * The stack's function roles: synthesized in this process, without bundling (the roles do not depend on the
 * code's behaviour), which takes a few seconds and a few hundred MB, then kept in the system's temporary
 * folder under a hash of everything the stack is built from (lib/, shared/, functions/, bin/, the locked
 * packages) and the props: the next start with LOCAL_IAM=enforce, or the next test run, reads them at once.
 */
export async function synthesizeFunctionRoles(
  props: import('../../lib/service-stack.js').ServiceStackProps,
): Promise<FunctionRoles> {
  const cached = path.join(tmpdir(), `url-shortener-roles-${await stackSourceHash(props)}.json`);
  try {
    return JSON.parse(await readFile(cached, 'utf8')) as FunctionRoles;
  } catch {
    // Not synthesized for this code yet (or unreadable): synthesized now.
  }
  const [{ App }, { ServiceStack }] = await Promise.all([import('aws-cdk-lib'), import('../../lib/service-stack.js')]);
  // CloudFormation's validation left to the tests (test/infra/nag.test.ts): here it would only cost a start.
  const app = new App({
    builtinCloudFormationValidation: false,
    context: { 'aws:cdk:bundling-stacks': [], 'aws:cdk:enable-path-metadata': true },
  });
  const stack = new ServiceStack(app, 'Local', { enableStartupSeed: true, ...props });
  const roles = functionRolesOf(app.synth().getStackByName(stack.stackName).template);
  // Written whole, then renamed: a concurrent reader sees the old file or the new one, never half of one.
  const written = `${cached}.${process.pid}.tmp`;
  await writeFile(written, JSON.stringify(roles));
  await rename(written, cached);
  await forgetStaleRoles();
  return roles;
}

/** Roles synthesized for code that changed since, untouched for a day, go. */
async function forgetStaleRoles(): Promise<void> {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of await readdir(tmpdir())) {
    if (!name.startsWith('url-shortener-roles-')) continue;
    const file = path.join(tmpdir(), name);
    const modified = (await stat(file).catch(() => undefined))?.mtimeMs ?? Date.now();
    if (modified < dayAgo) await rm(file, { force: true });
  }
}

/** A hash of what the stack is synthesized from: its sources, the locked packages, and the props. */
async function stackSourceHash(props: object): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(props));
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const sources = await Promise.all(
    ['lib', 'shared', 'functions', 'bin'].map((folder) =>
      readdir(path.join(root, folder), { recursive: true, withFileTypes: true }),
    ),
  );
  const files = sources
    .flat()
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of [...files, path.join(root, 'package-lock.json')]) {
    hash.update(path.relative(root, file)).update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 32);
}

/** Replaces the placeholders with the local names (`names`, by construct path); an unbound one is an error. */
export function bindFunctionRoles(roles: FunctionRoles, names: Record<string, string>): BoundFunctionRoles {
  const bind = (text: string) =>
    text.replace(/\{\{([^}]+)\}\}/g, (_, path: string) => {
      const name = names[path];
      // Log groups, secrets and functions have no local stand-in: no call reaches them, any name will do.
      return name ?? `unbound:${path}`;
    });
  const functions = Object.fromEntries(
    Object.entries(roles.functions).map(([name, statements]) => [
      name,
      JSON.parse(bind(JSON.stringify(statements))) as PolicyStatement[],
    ]),
  );
  const tables: Record<string, TableKeys> = {};
  for (const [path, keys] of Object.entries(roles.tables)) {
    const name = names[path];
    if (!name) throw new Error(`No local table stands for ${path}`);
    tables[name] = keys;
  }
  return { functions, tables };
}
