import type { Server } from 'node:http';
import { createSqsServer } from 'local-aws-sqs';
import { freePort } from './ports.js';

export interface SqsEmulator {
  endpoint: string;
  stop(): Promise<void>;
}

/** Starts the in-process SQS emulator on loopback (it speaks SQS's JSON protocol, as SDK v3 does). */
export async function startSqsEmulator(options: { port?: number } = {}): Promise<SqsEmulator> {
  const port = options.port ?? (await freePort());
  const server: Server = await createSqsServer({ port, hostname: '127.0.0.1', emulateQueueCreationLifecycle: false });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
