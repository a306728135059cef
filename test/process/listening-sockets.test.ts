import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { BlockList } from 'node:net';
import { endianness, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../local/ports.js';
import { exitOf, run, type Started, serviceEnvironment, waitForStart } from '../support/npm-start.js';

/**
 * What `npm start` exposes to other machines: nothing but the gateway, and the gateway only when HOST asks
 * for it. DynamoDB Local, the SQS emulator and the proxies in front of them answer without credentials, so
 * each must listen on loopback alone. The kernel's tables are read, not the code's intentions: every
 * listening TCP socket of the service's process and of its descendants (the JVM) is found.
 */
const onLinux = process.platform === 'linux';
if (!onLinux) {
  console.warn(
    `SKIPPED listening-sockets.test.ts: it reads the listening sockets from Linux's /proc, and this is ${process.platform}.`,
  );
}
const itOnLinux = onLinux ? it : it.skip;

interface ListeningSocket {
  pid: number;
  command: string;
  address: string;
  port: number;
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
// The IPv4 rules cover IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) too.
const onLoopback = (socket: ListeningSocket) =>
  loopback.check(socket.address, socket.address.includes(':') ? 'ipv6' : 'ipv4');

const described = (socket: ListeningSocket) =>
  `${socket.address.includes(':') ? `[${socket.address}]` : socket.address}:${socket.port} (${socket.command}, pid ${socket.pid})`;

/** The process and every process below it, from the parent ids of /proc/<pid>/stat. */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command, which may hold spaces and parentheses: the state, then the parent's id.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), parent);
    } catch {
      // Exited while the table was read.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  }
  return tree;
}

/** The socket inodes a process holds open. */
function socketInodes(pid: number): string[] {
  const inodes: string[] = [];
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (socket?.[1]) inodes.push(socket[1]);
    } catch {
      // Closed while the folder was read.
    }
  }
  return inodes;
}

/**
 * An address of /proc/net/tcp{,6}: the bytes in network order, printed 32 bits at a time in the machine's
 * order.
 */
function decodedAddress(hex: string): string {
  const bytes = Buffer.from(hex, 'hex');
  if (endianness() === 'LE') for (let i = 0; i < bytes.length; i += 4) bytes.subarray(i, i + 4).reverse();
  if (bytes.length === 4) return bytes.join('.');
  const groups = Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2).toString(16));
  // The URL parser writes an IPv6 address in its short form (::ffff:7f00:1).
  return new URL(`http://[${groups.join(':')}]/`).hostname.slice(1, -1);
}

/** Every listening TCP socket of the process and its descendants. */
function listeningSockets(root: number): ListeningSocket[] {
  const LISTEN = '0A';
  const listening = new Map<string, { address: string; port: number }>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const row of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const [, local = '', , state, , , , , , inode = ''] = row.trim().split(/\s+/);
      if (state !== LISTEN) continue;
      const [address = '', port = ''] = local.split(':');
      listening.set(inode, { address: decodedAddress(address), port: Number.parseInt(port, 16) });
    }
  }
  return processTree(root).flatMap((pid) => {
    let inodes: string[];
    let command: string;
    try {
      inodes = socketInodes(pid);
      command = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      return [];
    }
    return inodes.flatMap((inode) => {
      const socket = listening.get(inode);
      return socket ? [{ pid, command, ...socket }] : [];
    });
  });
}

interface Service extends Started {
  port: number;
}

/**
 * `npm start --in-memory` in a process group of its own, with every listener it can open: its own DynamoDB
 * Local and SQS emulator (no endpoints given), and the IAM check and limits emulation in front of them.
 */
async function startListening(dataDir: string, extra: Record<string, string> = {}): Promise<Service> {
  const port = await freePort();
  const env = serviceEnvironment({
    PORT: String(port),
    DATA_DIR: dataDir,
    LOCAL_WARM_UP_MS: '0',
    LOCAL_IAM: 'enforce',
    LOCAL_DYNAMODB_LIMITS: '100',
    ...extra,
  });
  const service = { ...run(process.execPath, ['--import', 'tsx', 'local/main.ts', '--in-memory'], env), port };
  // Everything it starts is listening once it answers /health and has printed its banner.
  await waitForStart(service, `http://127.0.0.1:${port}`, 90_000);
  return service;
}

/** The port of the DynamoDB Local the service started, from its banner. */
function dynamoDbLocalPort(service: Service): number {
  const port = /DynamoDB Local at http:\/\/127\.0\.0\.1:(\d+)/.exec(service.output())?.[1];
  if (!port) throw new Error(`no DynamoDB Local in the banner:\n${service.output()}`);
  return Number(port);
}

describe('npm start listening sockets (needs Linux: read from /proc)', () => {
  const dataRoot = mkdtempSync(path.join(tmpdir(), 'url-shortener-sockets-'));
  const running: Service[] = [];
  /** Both services, started at once: neither needs the other. */
  let starting: Promise<[Service, Service]> | undefined;
  const services = () => {
    starting ??= Promise.all([
      startListening(path.join(dataRoot, 'loopback')),
      startListening(path.join(dataRoot, 'wildcard'), { HOST: '0.0.0.0' }),
    ]).then((started) => {
      running.push(...started);
      return started;
    });
    return starting;
  };

  afterAll(async () => {
    await starting?.catch(() => undefined);
    for (const service of running) if (service.child.exitCode === null) service.child.kill('SIGINT');
    await Promise.all(running.map((service) => exitOf(service.child)));
    rmSync(dataRoot, { recursive: true, force: true });
  }, 60_000);

  itOnLinux(
    'listens on loopback only: the gateway, DynamoDB Local, the SQS emulator and every proxy',
    async () => {
      const [service] = await services();

      const sockets = listeningSockets(service.child.pid as number);
      const databasePort = dynamoDbLocalPort(service);
      // The sockets of the gateway and of the JVM, a grandchild, were found: the search reaches them all.
      expect(sockets.filter((socket) => socket.port === service.port).length).toBeGreaterThan(0);
      expect(sockets.find((socket) => socket.port === databasePort)?.command).toBe('java');
      expect(sockets.filter((socket) => !onLoopback(socket)).map(described)).toEqual([]);
    },
    120_000,
  );

  itOnLinux(
    'with HOST=0.0.0.0, opens the gateway alone to other machines',
    async () => {
      const [, service] = await services();

      const sockets = listeningSockets(service.child.pid as number);
      const databasePort = dynamoDbLocalPort(service);
      const gateway = sockets.filter((socket) => socket.port === service.port);
      expect(gateway.length).toBeGreaterThan(0);
      expect(gateway.filter((socket) => socket.address !== '0.0.0.0').map(described)).toEqual([]);
      expect(sockets.find((socket) => socket.port === databasePort)?.command).toBe('java');
      expect(sockets.filter((socket) => socket.port !== service.port && !onLoopback(socket)).map(described)).toEqual(
        [],
      );
    },
    120_000,
  );
});
