import { createServer } from 'node:net';
import { SettingError } from '../shared/platform/setting-values.js';

/** A TCP port free on the loopback interface right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Resolves once something accepts connections on the port, or rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs: number, isAlive: () => boolean = () => true): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('the process exited before it started listening');
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listened on port ${port} within ${timeoutMs} ms`);
}

/**
 * Fails with one line naming the setting to change when the gateway could not listen on `port`, before
 * anything else is started (a JVM started only to be stopped again would cost seconds).
 */
export async function ensurePortFree(port: number, host: string): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(port, host, () => probe.close(() => resolve()));
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'EADDRINUSE'
        ? `Port ${port} on ${host} is already in use (another npm start?): set PORT to a free port, for example PORT=${port === 65535 ? 3001 : port + 1} npm start`
        : code === 'EACCES'
          ? `Port ${port} needs privileges this user does not have: set PORT to a port above 1023`
          : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
            ? `HOST ${host} is not an address of this machine: set HOST to one (127.0.0.1, 0.0.0.0, ::)`
            : `Cannot listen on ${host}:${port} (${code}): set PORT or HOST`;
    throw new SettingError(reason);
  }
}
