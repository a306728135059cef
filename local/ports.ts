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
