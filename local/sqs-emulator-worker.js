// The SQS emulator's own thread (plain JavaScript: a worker loads it without the TypeScript loader).
// It answers every queue call of the service, so it gets an event loop of its own instead of sharing the
// gateway's; under load the two then run on separate cores.
import { parentPort, workerData } from 'node:worker_threads';
import { createSqsServer } from 'local-aws-sqs';

const server = await createSqsServer({
  port: workerData.port,
  hostname: '127.0.0.1',
  emulateQueueCreationLifecycle: false,
});
// The port it listens on: the one asked for, or the one the system picked (port 0).
parentPort.postMessage({ listening: server.address().port });
parentPort.once('message', () => {
  server.closeAllConnections();
  server.close(() => parentPort.close());
});
