import type { Template } from 'aws-cdk-lib/assertions';
import { eventWriter, type RouteDefinition, routeName, routes } from '../../shared/routes.js';
import { onlyResource, resourcesOfType, synthesizeService } from './synthesize.js';

/**
 * Each function's permissions, read back from the template as "action on resource" lines, with resources
 * named for what they are here (`table`, `table/index/GSI1`, `events queue`, `own log group`), so a test
 * can state exactly what a route needs.
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

const ownLogs = ['logs:CreateLogStream on own log group', 'logs:PutLogEvents on own log group'];
const indexes = ['GSI1', 'GSI2', 'GSI3'];
const tableReads = [
  'dynamodb:GetItem on table',
  'dynamodb:BatchGetItem on table',
  'dynamodb:Query on table',
  ...indexes.map((index) => `dynamodb:Query on table/index/${index}`),
];
const tableWrites = [
  'dynamodb:PutItem on table',
  'dynamodb:UpdateItem on table',
  'dynamodb:DeleteItem on table',
  'dynamodb:BatchWriteItem on table',
  'dynamodb:ConditionCheckItem on table',
];
const byAccess: Record<RouteDefinition['table'], string[]> = {
  none: [],
  read: tableReads,
  write: [...tableReads, ...tableWrites],
};
const sendEvents = ['sqs:SendMessage on events queue'];
const sendLimitedClicks = ['sqs:SendMessage on limited clicks queue'];
const consumeEvents = ['events queue', 'limited clicks queue'].flatMap((queue) =>
  [
    'sqs:ReceiveMessage',
    'sqs:ChangeMessageVisibility',
    'sqs:GetQueueUrl',
    'sqs:DeleteMessage',
    'sqs:GetQueueAttributes',
  ].map((action) => `${action} on ${queue}`),
);

describe('each function may do exactly what its route needs', () => {
  const { template } = synthesizeService({ enableStartupSeed: true });
  const [tableId] = onlyResource(template, 'AWS::DynamoDB::GlobalTable');
  const keyOf = (properties: Record<string, unknown>) => JSON.stringify(properties.KeySchema);
  const [secretsId] = onlyResource(template, 'AWS::DynamoDB::Table', (_, properties) =>
    keyOf(properties).includes('"SK"'),
  );
  const [recordsId] = onlyResource(template, 'AWS::DynamoDB::Table', (_, properties) =>
    keyOf(properties).includes('"id"'),
  );
  const [queueId] = onlyResource(
    template,
    'AWS::SQS::Queue',
    (id, properties) => Boolean(properties.RedrivePolicy) && !id.includes('LimitedClicks'),
  );
  const [limitedClicksId] = onlyResource(template, 'AWS::SQS::Queue', (id) => id.includes('LimitedClicks'));
  const [deadLetterId] = onlyResource(template, 'AWS::SQS::Queue', (_, properties) => !properties.RedrivePolicy);
  const [originSecretId] = onlyResource(template, 'AWS::SecretsManager::Secret');
  const names = new Map([
    [tableId, 'table'],
    [secretsId, 'visitor secrets table'],
    [recordsId, 'idempotency table'],
    [queueId, 'events queue'],
    [limitedClicksId, 'limited clicks queue'],
    [deadLetterId, 'dead-letter queue'],
    [originSecretId, 'origin secret'],
  ]);
  const functionIds = Object.keys(template.findResources('AWS::Lambda::Function'));
  const functionId = (id: string) => {
    const found = functionIds.filter((logicalId) => new RegExp(`^${id}[0-9A-F]{8}$`).test(logicalId));
    expect(found).toHaveLength(1);
    return found[0] as string;
  };

  /** A read-only function that queues events leases their ids: an update of the counter item only. */
  const leaseIds = ['dynamodb:UpdateItem on table'];
  /** A function that tags visitors keeps the day's visitor secret, in the secrets' own table only. */
  const keepSecrets = ['Query', 'GetItem', 'PutItem', 'DeleteItem'].map(
    (action) => `dynamodb:${action} on visitor secrets table`,
  );
  /** A route that takes an Idempotency-Key keeps its answers, in the idempotency table only. */
  const keepRecords = ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'].map(
    (action) => `dynamodb:${action} on idempotency table`,
  );
  /** Every route's function reads the origin secret, to answer only requests that came through CloudFront. */
  const readOriginSecret = [
    'secretsmanager:DescribeSecret on origin secret',
    'secretsmanager:GetSecretValue on origin secret',
  ];
  const expectedOf = (route: RouteDefinition) => [
    ...ownLogs,
    ...readOriginSecret,
    ...byAccess[route.table],
    ...(route.sendsEvents ? sendEvents : []),
    ...(route.sendsEvents && route.table === 'read' ? leaseIds : []),
    ...(route.visitorSecrets ? keepSecrets : []),
    ...(route.sendsLimitedClicks ? sendLimitedClicks : []),
    ...(route.idempotent ? keepRecords : []),
  ];

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_, route) => {
    expect(permissionsOf(template, functionId(routeName(route)), names)).toEqual(expectedOf(route).sort());
  });

  it("the redirect reads the table, leases event ids, keeps the day's visitor secret and sends to the queues, nothing else", () => {
    const redirect = routes.find((route) => route.path === '/urls/{id}/redirect') as RouteDefinition;
    expect(permissionsOf(template, functionId(routeName(redirect)), names)).toEqual(
      [
        ...ownLogs,
        ...readOriginSecret,
        ...tableReads,
        ...leaseIds,
        ...keepSecrets,
        ...sendEvents,
        ...sendLimitedClicks,
      ].sort(),
    );
    const role = template.findResources('AWS::IAM::Policy');
    const statements = Object.values(role)
      .filter((policy) => JSON.stringify(policy).includes(`${routeName(redirect)}Role`))
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement);
    expect(statements).toContainEqual(
      expect.objectContaining({
        Action: 'dynamodb:UpdateItem',
        Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['COUNTER#event'] } },
      }),
    );
  });

  it('the event writer writes the table and consumes both queues, and cannot send to them', () => {
    expect(eventWriter.table).toBe('write');
    expect(permissionsOf(template, functionId('EventWriter'), names)).toEqual(
      [...ownLogs, ...byAccess.write, ...consumeEvents].sort(),
    );
  });

  it('the startup seed writes the table only', () => {
    const seedId = functionIds.find((id) => id.startsWith('StartupSeedSeedOnDeploy')) as string;
    expect(permissionsOf(template, seedId, names)).toEqual([...ownLogs, ...byAccess.write].sort());
  });

  it('no function role has an AWS-managed policy or a wildcard resource', () => {
    for (const id of functionIds.filter((logicalId) => !logicalId.includes('Provider'))) {
      for (const line of permissionsOf(template, id, names)) {
        expect(line).not.toMatch(/^managed /);
        expect(line).not.toContain('*');
      }
    }
  });

  it('no function may touch the dead-letter queue', () => {
    for (const id of functionIds) {
      expect(permissionsOf(template, id, names).join('\n')).not.toContain('dead-letter queue');
    }
  });
});
