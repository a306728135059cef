import { dynamoDbAuthorizations, sqsAuthorizations, tableArn } from '../../local/iam/authorization-requests.js';
import { bindFunctionRoles, functionRolesOf } from '../../local/iam/function-roles.js';
import { evaluate, type PolicyStatement, UnsupportedPolicyError } from '../../local/iam/policy-evaluation.js';

/** The local IAM check's parts, without network: IAM's evaluation rules, and what a call asks IAM for. */
describe('local IAM check (no network)', () => {
  const table = tableArn('t');
  const request = (action: string, context: Record<string, string[]> = {}, resource = table) => ({
    action,
    resource,
    context,
  });

  describe('evaluation', () => {
    const leadingKeys = (operator: string, values: string[]): PolicyStatement => ({
      Effect: 'Allow',
      Action: 'dynamodb:UpdateItem',
      Resource: table,
      Condition: { [operator]: { 'dynamodb:LeadingKeys': values } },
    });

    it('denies what no statement allows, and lets an explicit Deny win over an Allow', () => {
      const allow: PolicyStatement = { Effect: 'Allow', Action: ['dynamodb:GetItem'], Resource: table };
      expect(evaluate([allow], request('dynamodb:GetItem')).decision).toBe('allowed');
      expect(evaluate([allow], request('dynamodb:PutItem')).decision).toBe('implicitly denied');
      expect(evaluate([allow], request('dynamodb:GetItem', {}, tableArn('other'))).decision).toBe('implicitly denied');
      const deny: PolicyStatement = { Effect: 'Deny', Action: 'dynamodb:*', Resource: '*' };
      expect(evaluate([allow, deny], request('dynamodb:GetItem')).decision).toBe('explicitly denied');
    });

    it('matches actions case-insensitively and resources case-sensitively, with * and ? wildcards', () => {
      const statement: PolicyStatement = { Effect: 'Allow', Action: 'DynamoDB:Get*', Resource: `${table}/index/GSI?` };
      expect(evaluate([statement], request('dynamodb:GetItem', {}, `${table}/index/GSI1`)).decision).toBe('allowed');
      expect(evaluate([statement], request('dynamodb:GetItem', {}, `${table}/index/gsi1`)).decision).not.toBe(
        'allowed',
      );
      expect(evaluate([statement], request('dynamodb:GetItem', {}, `${table}/index/GSI12`)).decision).not.toBe(
        'allowed',
      );
    });

    it('holds every leading key to the list with ForAllValues, as IAM does (an absent key passes)', () => {
      const counter = leadingKeys('ForAllValues:StringEquals', ['COUNTER#event']);
      const update = (keys: string[]) =>
        evaluate([counter], request('dynamodb:UpdateItem', { 'dynamodb:LeadingKeys': keys }));
      expect(update(['COUNTER#event']).decision).toBe('allowed');
      expect(update(['CODE#abc']).decision).toBe('implicitly denied');
      expect(update(['COUNTER#event', 'CODE#abc']).decision).toBe('implicitly denied');
      // The classic pitfall of ForAllValues: a request without the key satisfies it.
      expect(evaluate([counter], request('dynamodb:UpdateItem')).decision).toBe('allowed');
      const codes = leadingKeys('ForAllValues:StringLike', ['CODE#*']);
      expect(
        evaluate([codes], request('dynamodb:UpdateItem', { 'dynamodb:LeadingKeys': ['CODE#Ab3dE6'] })).decision,
      ).toBe('allowed');
    });

    it('reads ForAnyValue, negated operators and IfExists as IAM does', () => {
      const any = leadingKeys('ForAnyValue:StringEquals', ['USER#1']);
      expect(
        evaluate([any], request('dynamodb:UpdateItem', { 'dynamodb:LeadingKeys': ['USER#1', 'USER#2'] })).decision,
      ).toBe('allowed');
      expect(evaluate([any], request('dynamodb:UpdateItem')).decision).toBe('implicitly denied');
      const returns: PolicyStatement = {
        Effect: 'Allow',
        Action: 'dynamodb:UpdateItem',
        Resource: table,
        Condition: { StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE'] } },
      };
      expect(evaluate([returns], request('dynamodb:UpdateItem')).decision).toBe('allowed');
      expect(
        evaluate([returns], request('dynamodb:UpdateItem', { 'dynamodb:ReturnValues': ['ALL_OLD'] })).decision,
      ).toBe('implicitly denied');
      const notKeys = leadingKeys('StringNotEquals', ['KEY#secret']);
      expect(
        evaluate([notKeys], request('dynamodb:UpdateItem', { 'dynamodb:LeadingKeys': ['KEY#secret'] })).decision,
      ).toBe('implicitly denied');
    });

    it('refuses a condition operator it does not emulate rather than guess', () => {
      const unknown: PolicyStatement = {
        Effect: 'Allow',
        Action: 'dynamodb:GetItem',
        Resource: table,
        Condition: { DateGreaterThan: { 'aws:CurrentTime': ['2026-01-01T00:00:00Z'] } },
      };
      expect(() => evaluate([unknown], request('dynamodb:GetItem'))).toThrow(UnsupportedPolicyError);
    });
  });

  describe('the authorizations of a call', () => {
    const tables = { t: { partitionKey: 'PK', indexes: { GSI1: 'GSI1PK' } } };

    it('asks for each item of a transaction its own action, with its partition key', () => {
      const asked = dynamoDbAuthorizations(
        'TransactWriteItems',
        {
          TransactItems: [
            { Put: { TableName: 't', Item: { PK: { S: 'URL#1' }, SK: { S: 'URL' } } } },
            {
              Update: {
                TableName: 't',
                Key: { PK: { S: 'COUNTER#url' }, SK: { S: 'COUNTER' } },
                UpdateExpression: 'ADD #v :one',
                ExpressionAttributeNames: { '#v': 'value' },
              },
            },
            {
              ConditionCheck: {
                TableName: 't',
                Key: { PK: { S: 'USER#1' }, SK: { S: 'PROFILE' } },
                ConditionExpression: 'attribute_exists(PK)',
              },
            },
          ],
        },
        tables,
      );
      expect(asked.map(({ action, context }) => [action, context['dynamodb:LeadingKeys']])).toEqual([
        ['dynamodb:PutItem', ['URL#1']],
        ['dynamodb:UpdateItem', ['COUNTER#url']],
        ['dynamodb:ConditionCheckItem', ['USER#1']],
      ]);
      expect(asked[1]?.context['dynamodb:Attributes']).toEqual(['PK', 'SK', 'value']);
    });

    it("asks a batch once per table with every item's partition key, and an index query on the index", () => {
      const [batch] = dynamoDbAuthorizations(
        'BatchWriteItem',
        {
          RequestItems: {
            t: [{ PutRequest: { Item: { PK: { S: 'A' } } } }, { DeleteRequest: { Key: { PK: { S: 'B' } } } }],
          },
        },
        tables,
      );
      expect(batch).toMatchObject({
        action: 'dynamodb:BatchWriteItem',
        context: { 'dynamodb:LeadingKeys': ['A', 'B'] },
      });
      const [query] = dynamoDbAuthorizations(
        'Query',
        {
          TableName: 't',
          IndexName: 'GSI1',
          KeyConditionExpression: '#pk = :pk AND GSI1SK > :after',
          ExpressionAttributeNames: { '#pk': 'GSI1PK' },
          ExpressionAttributeValues: { ':pk': { S: 'USERS' }, ':after': { S: '0' } },
        },
        tables,
      );
      expect(query).toMatchObject({ resource: `${table}/index/GSI1`, context: { 'dynamodb:LeadingKeys': ['USERS'] } });
    });

    it("asks SQS's batch calls as the action they repeat, on the queue's ARN", () => {
      expect(sqsAuthorizations('DeleteMessageBatch', { QueueUrl: 'http://127.0.0.1:9324/000000000000/q1' })).toEqual([
        { action: 'sqs:DeleteMessage', resource: 'arn:aws:sqs:us-east-1:000000000000:q1', context: {} },
      ]);
    });
  });

  it("reads a function's role out of a template, bound to the local names", () => {
    const path = (id: string) => ({ 'aws:cdk:path': `Stack/${id}/Resource` });
    const roles = functionRolesOf({
      Resources: {
        Table1: {
          Type: 'AWS::DynamoDB::GlobalTable',
          Properties: { KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }] },
          Metadata: path('Storage/Table'),
        },
        FnRole: { Type: 'AWS::IAM::Role', Properties: {}, Metadata: path('FnRole') },
        FnPolicy: {
          Type: 'AWS::IAM::Policy',
          Properties: {
            Roles: [{ Ref: 'FnRole' }],
            PolicyDocument: {
              Statement: [
                {
                  Effect: 'Allow',
                  Action: 'dynamodb:Query',
                  Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['Table1', 'Arn'] }, '/index/GSI1']] },
                },
              ],
            },
          },
          Metadata: path('FnRole/DefaultPolicy'),
        },
        Fn: {
          Type: 'AWS::Lambda::Function',
          Properties: { Role: { 'Fn::GetAtt': ['FnRole', 'Arn'] } },
          Metadata: path('Fn'),
        },
      },
    });
    const bound = bindFunctionRoles(roles, { 'Storage/Table': 'local-table' });
    expect(bound.functions.Fn).toEqual([
      { Effect: 'Allow', Action: 'dynamodb:Query', Resource: `${tableArn('local-table')}/index/GSI1` },
    ]);
    expect(bound.tables).toEqual({ 'local-table': { partitionKey: 'PK', indexes: {} } });
  });
});
