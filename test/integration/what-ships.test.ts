import path from 'node:path';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { buildFunctionBundles, type FunctionBundles } from '../../local/function-bundles.js';
import { serviceFunctions } from '../../local/runtime.js';
import { routeName, routes } from '../../shared/api/routes.js';
import { callEveryRoute } from '../support/every-route.js';
import { httpClient, queueDrained, startTestService, type TestService } from '../support/service.js';

/**
 * What ships, as it ships: every route, the event writer, the click counter, the import worker and the webhook
 * dispatcher and deliverer run from the esbuild bundles the stack deploys
 * (not the TypeScript sources), and every DynamoDB and SQS call they make is checked against their roles in the
 * synthesized template, in both access modes. A call the stack does not grant fails the file (the test service's
 * stop); a grant no call uses is reported by the last test.
 */
/** Actions of services with no local stand-in: nothing calls them here. */
const unreachedHere: Record<string, true> = {
  'logs:CreateLogStream': true,
  'logs:PutLogEvents': true,
  'secretsmanager:GetSecretValue': true,
  'secretsmanager:DescribeSecret': true,
};

/** Grants for paths the scenario cannot take on demand, and why each is granted. */
const pathsNotTaken = [
  // The click counter's event source mapping reads the table's stream with the counter's role; the local
  // runtime's stream reader (local/stream-reader.ts) reads DynamoDB Local's stream itself, as Lambda's poller.
  'ClickCounter: dynamodb:ListStreams',
  'ClickCounter: dynamodb:DescribeStream, dynamodb:GetRecords, dynamodb:GetShardIterator',
  // What it gives up goes to its on-failure queue with the counter's role; locally the stream reader sends it.
  'ClickCounter: sqs:SendMessage, sqs:GetQueueAttributes, sqs:GetQueueUrl',
  // The import worker queues an import again only when one invocation could not finish it (a large file).
  'ImportWorker: sqs:SendMessage',
  // The webhook dispatcher reads the stream as the click counter does, and gives up to its own queue.
  'WebhookDispatcher: dynamodb:ListStreams',
  'WebhookDispatcher: dynamodb:DescribeStream, dynamodb:GetRecords, dynamodb:GetShardIterator',
  'WebhookDispatcher: sqs:SendMessage, sqs:GetQueueAttributes, sqs:GetQueueUrl',
];
const grantsForPathsNotTaken: Record<'open' | 'keys', string[]> = { open: pathsNotTaken, keys: pathsNotTaken };

// One build of the bundles for both access modes (10 s of esbuild's CPU each time): the bundles do not depend
// on the mode, a setting the functions read at their cold start. The second service's processes reuse the code
// V8 compiled from them for the first's (NODE_COMPILE_CACHE): what the bundles do is this file's subject, not
// how long 41 cold starts of 500 kB each take.
let bundles: FunctionBundles;
const compileCacheBefore = process.env.NODE_COMPILE_CACHE;
beforeAll(async () => {
  bundles = await buildFunctionBundles(await serviceFunctions());
  process.env.NODE_COMPILE_CACHE = path.join(bundles.folder, '.compile-cache');
}, 120_000);
afterAll(async () => {
  if (compileCacheBefore === undefined) delete process.env.NODE_COMPILE_CACHE;
  else process.env.NODE_COMPILE_CACHE = compileCacheBefore;
  await bundles?.remove();
});

describe.each(['open', 'keys'] as const)(
  'what ships, AUTH_MODE=%s: the bundles behind the gateway, every call checked against the stack’s roles (DynamoDB Local + SQS emulator, through HTTP)',
  (mode) => {
    const adminKey = `ask_${'W1h2A3t4'.repeat(5)}`;
    let service: TestService;
    let api: ReturnType<typeof httpClient>;

    beforeAll(async () => {
      service = await startTestService({
        functions: { bundles: bundles.folder },
        // Every bulk import goes on in the import worker, so that its bundle and its role are checked too.
        functionSettings: { AUTH_MODE: mode, IMPORT_ANSWER_WITHIN_MS: '0', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
        ...(mode === 'keys' && { adminKey }),
      });
      // The keys mode answers 401 and 403 that the open mode's document does not describe.
      api = httpClient(service.url, { checkOpenApi: mode === 'open' });
    }, 120_000);
    afterAll(() => service.stop());

    it('answers every route of the route table as the contract says, and the writer stores their events', async () => {
      await callEveryRoute(
        api,
        mode === 'keys'
          ? {
              operator: adminKey,
              keyOf: async (userId) =>
                (
                  await api.request<{ key: string }>(
                    'POST',
                    `/users/${userId}/keys`,
                    { name: 'scenario' },
                    {
                      headers: { Authorization: `Bearer ${adminKey}` },
                    },
                  )
                ).body.key,
            }
          : {},
        {
          drained: async () => {
            await queueDrained(service);
            expect(await service.settled()).toBe(true);
          },
          queue: async (message) => {
            const sqs = new SQSClient({});
            await sqs.send(
              new SendMessageCommand({ QueueUrl: service.queueUrl, MessageBody: JSON.stringify(message) }),
            );
            sqs.destroy();
          },
        },
      );
      const ran = [...(await service.invocations()).keys()].sort();
      expect(ran).toEqual(
        [
          ...routes.map(routeName),
          'EventWriter',
          'ClickCounter',
          'ImportWorker',
          'WebhookDispatcher',
          'WebhookDeliverer',
        ].sort(),
      );
    }, 120_000);

    it('makes no call its role does not allow, and every statement of the roles it ran is used by a call', async () => {
      const roles = await service.iam.roles();
      const calls = await service.iam.calls();
      expect(roles).toBeDefined();
      expect(calls.filter((call) => !call.allowed)).toEqual([]);
      const unused: string[] = [];
      for (const name of (await service.invocations()).keys()) {
        (roles?.functions[name] ?? []).forEach((statement, position) => {
          const actions = [statement.Action ?? []].flat();
          if (actions.every((action) => unreachedHere[action])) return;
          if (calls.some((call) => call.function === name && call.allowedBy.includes(position))) return;
          unused.push(`${name}: ${actions.join(', ')}`);
        });
      }
      expect(unused.sort()).toEqual([...grantsForPathsNotTaken[mode]].sort());
    });
  },
);
