import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { dynamoDbAuthorizations, LOCAL_ACCOUNT, sqsAuthorizations } from './authorization-requests.js';
import { FUNCTION_HEADER, parseFunctionHeader } from './function-identity.js';
import type { BoundFunctionRoles } from './function-roles.js';
import type { CheckedCall, CheckingProxiesData, FromProxies, ToProxies } from './iam-enforcement.js';
import { type AuthorizationRequest, evaluate } from './policy-evaluation.js';

/**
 * The IAM check's proxies, in a worker thread of their own (iam-enforcement.ts starts it): every call of a
 * burst goes through them, and on the gateway's busy event loop new connections would wait to be accepted.
 * Each checks the calls a function labelled (function-identity.ts) against the roles of the runtime it runs in,
 * answers a denied one as AWS does, and sends the rest on unchanged but for the label.
 */

type Service = 'dynamodb' | 'sqs';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

const roleArn = (name: string) => {
  const id = name.replaceAll('/', '');
  return `arn:aws:sts::${LOCAL_ACCOUNT}:assumed-role/${id}Role/${id}`;
};

/** AWS's answer to a call its caller's policies do not allow, in each service's JSON protocol. */
function accessDenied(service: Service, name: string, denied: AuthorizationRequest): Answer {
  const message = `User: ${roleArn(name)} is not authorized to perform: ${denied.action} on resource: ${denied.resource} because no identity-based policy allows the ${denied.action} action`;
  const type = 'com.amazon.coral.service#AccessDeniedException';
  return {
    status: 400,
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      ...(service === 'sqs' && { 'x-amzn-query-error': 'AccessDenied;Sender' }),
    },
    body: JSON.stringify(service === 'dynamodb' ? { __type: type, Message: message } : { __type: type, message }),
  };
}

const roles = new Map<string, BoundFunctionRoles>();
const calls = new Map<string, Map<string, CheckedCall>>();
const tell = (message: FromProxies) => parentPort?.postMessage(message);

/** The refusal of a labelled call its function's role does not allow; nothing for one it allows. */
function decide(service: Service, label: string, operation: string, body: string): Answer | undefined {
  const caller = parseFunctionHeader(label);
  const applied = caller && roles.get(caller.runtime);
  if (!caller || !applied) return undefined;
  const statements = applied.functions[caller.name];
  if (!statements) throw new Error(`The stack deploys no function ${caller.name}, which the local runtime ran`);
  const input = JSON.parse(body || '{}') as Record<string, unknown>;
  const requests =
    service === 'dynamodb'
      ? dynamoDbAuthorizations(operation, input, applied.tables)
      : sqsAuthorizations(operation, input);
  const checked = calls.get(caller.runtime) ?? new Map<string, CheckedCall>();
  calls.set(caller.runtime, checked);
  for (const request of requests) {
    const { decision, allowedBy } = evaluate(statements, request);
    const allowed = decision === 'allowed';
    const key = [caller.name, request.action, request.resource, allowedBy.join(',')].join('|');
    const seen = checked.get(key);
    if (seen) seen.count += 1;
    else checked.set(key, { function: caller.name, ...request, allowed, allowedBy, count: 1 });
    if (!allowed) {
      tell({ type: 'denied', function: caller.name, action: request.action, resource: request.resource });
      return accessDenied(service, caller.name, request);
    }
  }
  return undefined;
}

/** Starts the proxy on `port` (0: one the system picks); answers the port it listens on. */
async function startCheckingProxy(service: Service, upstream: URL, port: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const forward = (method: string, path: string, headers: IncomingHttpHeaders, body: Buffer) =>
    new Promise<Answer>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method,
          path,
          agent,
          headers: { ...headers, host: upstream.host },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const kept: Record<string, string> = {};
            for (const [name, value] of Object.entries(response.headers)) {
              if (value !== undefined && name !== 'connection' && name !== 'keep-alive') kept[name] = String(value);
            }
            resolve({ status: response.statusCode ?? 502, headers: kept, body: Buffer.concat(chunks) });
          });
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks);
      const { [FUNCTION_HEADER]: label, ...headers } = request.headers;
      try {
        const operation = String(headers['x-amz-target'] ?? '').split('.')[1] ?? '';
        const refusal =
          typeof label === 'string' ? decide(service, label, operation, body.toString('utf8')) : undefined;
        const answer = refusal ?? (await forward(request.method ?? 'POST', request.url ?? '/', headers, body));
        response.writeHead(answer.status, answer.headers);
        response.end(answer.body);
      } catch (error) {
        response.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
        response.end(JSON.stringify({ __type: 'com.amazon.coral.service#InternalFailure', message: String(error) }));
      }
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

const { upstream, ports } = workerData as CheckingProxiesData;
parentPort?.on('message', (message: ToProxies) => {
  if (message.type === 'apply') roles.set(message.runtime, message.roles);
  else if (message.type === 'release') {
    roles.delete(message.runtime);
    calls.delete(message.runtime);
  } else tell({ type: 'calls', id: message.id, calls: [...(calls.get(message.runtime)?.values() ?? [])] });
});
const [dynamodb, sqs] = await Promise.all(
  (['dynamodb', 'sqs'] as const).map((service) =>
    startCheckingProxy(service, new URL(upstream[service]), ports[service]),
  ),
);
tell({ type: 'listening', ports: { dynamodb: dynamodb as number, sqs: sqs as number } });
