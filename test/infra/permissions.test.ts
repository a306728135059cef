import type { Template } from 'aws-cdk-lib/assertions';
import { routeName, routes } from '../../shared/api/routes.js';
import { synthesized } from './synthesized.js';
import { onlyResource, resourcesOfType } from './template-queries.js';

/**
 * Each function's permissions, read back from the template as "action on resource" lines, with resources
 * named for what they are here (`table`, `table/index/GSI1`, `dead-letter queue`, `own log group`).
 */
type Json = unknown;

function describeResource(value: Json, names: Map<string, string>): string {
  if (typeof value === 'string') return value;
  const object = value as Record<string, Json>;
  if ('Fn::GetAtt' in object) {
    const [id] = object['Fn::GetAtt'] as [string];
    return names.get(id) ?? id;
  }
  if ('Ref' in object) return names.get(object.Ref as string) ?? (object.Ref as string);
  if ('Fn::Join' in object) {
    const [separator, parts] = object['Fn::Join'] as [string, Json[]];
    return parts.map((part) => describeResource(part, names)).join(separator);
  }
  return JSON.stringify(value);
}

const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

function permissionsOf(template: Template, functionId: string, names: Map<string, string>): string[] {
  const fn = template.findResources('AWS::Lambda::Function')[functionId]?.Properties;
  const roleId = fn.Role['Fn::GetAtt'][0] as string;
  const logGroupId = fn.LoggingConfig.LogGroup.Ref as string;
  const named = new Map([...names, [logGroupId, 'own log group']]);
  const role = template.findResources('AWS::IAM::Role')[roleId]?.Properties;
  const inline = (role.Policies ?? []).map((policy: { PolicyDocument: Json }) => policy.PolicyDocument);
  const attached = resourcesOfType(template, 'AWS::IAM::Policy')
    .filter(([, properties]) => JSON.stringify(properties.Roles).includes(`"${roleId}"`))
    .map(([, properties]) => properties.PolicyDocument);
  const lines: string[] = (role.ManagedPolicyArns ?? []).map((arn: Json) => `managed ${JSON.stringify(arn)}`);
  for (const document of [...inline, ...attached] as { Statement: Record<string, Json>[] }[]) {
    for (const statement of document.Statement) {
      expect(statement.Effect).toBe('Allow');
      for (const action of asList(statement.Action as string | string[])) {
        for (const resource of asList(statement.Resource))
          lines.push(`${action} on ${describeResource(resource, named)}`);
      }
    }
  }
  return lines.sort();
}

/**
 * Keys mode's roles beside open mode's, both with startup seeding. (`options` sets other options too, none of
 * which changes a role: stack-variants.ts.)
 */
const roles = {
  open: await synthesized('seeded'),
  keys: await synthesized('options'),
};

/**
 * What each function may do is checked against what its code calls by test/integration/what-ships.test.ts
 * (every route and the writer run from their bundles, every call checked against these roles, and every
 * statement used). What stays here are the rules no call can show: what no role may hold at all, and the
 * conditions that narrow the few writes of functions that otherwise only read.
 */
describe("the functions' roles", () => {
  const template = roles.open.service;
  const [tableId] = onlyResource(template, 'AWS::DynamoDB::GlobalTable');
  const [failuresId] = onlyResource(template, 'AWS::SQS::Queue', (id) => id.startsWith('ClicksNotCounted'));
  const [notDispatchedId] = onlyResource(template, 'AWS::SQS::Queue', (id) => id.startsWith('WebhooksNotDispatched'));
  const deadLetterIds = Object.entries(template.findResources('AWS::SQS::Queue'))
    .filter(([id, resource]) => !resource.Properties.RedrivePolicy && id !== failuresId && id !== notDispatchedId)
    .map(([id]) => id);
  const names = new Map([
    [tableId, 'table'],
    [failuresId, 'clicks-not-counted queue'],
    [notDispatchedId, 'webhooks-not-dispatched queue'],
    ...deadLetterIds.map((id) => [id, 'dead-letter queue'] as [string, string]),
  ]);
  const functionIds = Object.keys(template.findResources('AWS::Lambda::Function'));
  /** A function's statements: its role's inline policy (lib/service-function.ts writes every grant there). */
  const statementsOf = (from: Template, id: string) =>
    Object.entries(from.findResources('AWS::IAM::Role'))
      .filter(([roleId]) => new RegExp(`^${id}Role[0-9A-F]{8}$`).test(roleId))
      .flatMap(
        ([, role]) =>
          (role.Properties.Policies ?? []) as { PolicyDocument: { Statement: Record<string, unknown>[] } }[],
      )
      .flatMap((policy) => policy.PolicyDocument.Statement);
  /** A function's writes to the main table (the small tables beside it have their own rules). */
  const writesOf = (from: Template, id: string) =>
    statementsOf(from, id).filter(
      (statement) =>
        JSON.stringify(statement.Resource).includes(`"${tableId}"`) &&
        [statement.Action].flat().some((action) => /dynamodb:(Put|Update|Delete|BatchWrite)/.test(String(action))),
    );

  it('lets the functions that only read the table write nothing but their leases of event ids and clicks, and the expiry claim', () => {
    for (const route of routes.filter((candidate) => candidate.table !== 'write')) {
      for (const statement of writesOf(template, routeName(route))) {
        expect(statement.Action).toBe('dynamodb:UpdateItem');
        expect(statement.Condition).toBeDefined();
      }
    }
    const redirect = routes.find((route) => route.path === '/urls/{id}/redirect') as (typeof routes)[number];
    expect(writesOf(template, routeName(redirect))).toEqual([
      expect.objectContaining({
        Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['COUNTER#event'] } },
      }),
      expect.objectContaining({
        Condition: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['CODE#*'] },
          'ForAllValues:StringEquals': {
            'dynamodb:Attributes': ['PK', 'SK', 'expiry_recorded', 'url_id', 'limits_at', 'leased', 'max_clicks'],
          },
          StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE', 'UPDATED_NEW'] },
        },
      }),
    ]);
  });

  it('lets every route that serves key holders read access keys in keys mode, and only then', () => {
    const keyReads = (from: Template, id: string) =>
      statementsOf(from, id).filter((statement) => JSON.stringify(statement.Condition ?? {}).includes('KEY#*'));
    for (const route of routes) {
      const expected = route.access === 'open' ? 0 : 1;
      expect({
        route: routeName(route),
        keyReads: keyReads(roles.keys.service, routeName(route)).length,
      }).toEqual({
        route: routeName(route),
        keyReads: expected,
      });
      expect(keyReads(template, routeName(route))).toHaveLength(0);
    }
    expect(keyReads(roles.keys.service, 'GetMetricsJson')[0]).toMatchObject({ Action: 'dynamodb:GetItem' });
  });

  it('no function role has an AWS-managed policy or a wildcard resource', () => {
    for (const id of functionIds.filter((logicalId) => !logicalId.includes('Provider'))) {
      for (const line of permissionsOf(template, id, names)) {
        expect(line).not.toMatch(/^managed /);
        expect(line).not.toContain('*');
      }
    }
  });

  it('lets only the click counter send what it gives up to the clicks-not-counted queue, and only send', () => {
    for (const id of functionIds) {
      const lines = permissionsOf(template, id, names).filter((line) => line.includes('clicks-not-counted queue'));
      if (id.startsWith('ClickCounter')) expect(lines.join('\n')).toMatch(/sqs:SendMessage/);
      else expect(lines).toEqual([]);
      expect(lines.join('\n')).not.toMatch(/sqs:(ReceiveMessage|DeleteMessage|PurgeQueue)/);
    }
  });

  it('lets only the webhook dispatcher send what it gives up to the webhooks-not-dispatched queue, and only send', () => {
    for (const id of functionIds) {
      const lines = permissionsOf(template, id, names).filter((line) => line.includes('webhooks-not-dispatched queue'));
      if (id.startsWith('WebhookDispatcher')) expect(lines.join('\n')).toMatch(/sqs:SendMessage/);
      else expect(lines).toEqual([]);
      expect(lines.join('\n')).not.toMatch(/sqs:(ReceiveMessage|DeleteMessage|PurgeQueue)/);
    }
  });

  it('no function may touch a dead-letter queue', () => {
    expect(deadLetterIds).toHaveLength(3);
    for (const id of functionIds) {
      expect(permissionsOf(template, id, names).join('\n')).not.toContain('dead-letter queue');
    }
  });
});
