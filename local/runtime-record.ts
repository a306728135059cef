import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SettingError } from '../shared/platform/setting-values.js';

/**
 * One local service per data folder. `npm start` claims the folder by creating `local-runtime.json` in it
 * (exclusively: of two starts, one wins), refuses to start when another live process holds it, and writes
 * there where everything runs, so that the tools (`npm run replay-events`, `npm run db-admin`,
 * `npm run reset-data`) find the running service without being told queue URLs or ports.
 */
interface RuntimeRecord {
  pid: number;
  startedAt: string;
  url?: string;
  dynamoDbEndpoint?: string;
  sqsEndpoint?: string;
  queueUrl?: string;
  deadLetterQueueUrl?: string;
  tableName?: string;
  region?: string;
}

export const recordFile = (dataDir: string) => path.join(dataDir, 'local-runtime.json');

/** Whether a process runs (EPERM: it does, another user's). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readRecord(file: string): RuntimeRecord | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RuntimeRecord;
  } catch {
    return undefined;
  }
}

/** The record of the service running on this data folder, or undefined when none is. */
export function runningService(dataDir: string): RuntimeRecord | undefined {
  const record = readRecord(recordFile(dataDir));
  return record && record.pid !== process.pid && processIsAlive(record.pid) ? record : undefined;
}

export interface DataFolderClaim {
  /** Writes where the service runs, for the tools. */
  publish(details: Omit<RuntimeRecord, 'pid' | 'startedAt'>): void;
  /** Gives the folder up (also done when the process exits). */
  release(): void;
}

/**
 * Claims the data folder for this process, or throws one line saying which process holds it. A record left
 * by a process that no longer runs (a crash, a kill -9) is taken over.
 */
export function claimDataFolder(dataDir: string): DataFolderClaim {
  mkdirSync(dataDir, { recursive: true });
  const file = recordFile(dataDir);
  const mine: RuntimeRecord = { pid: process.pid, startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeFileSync(fd, `${JSON.stringify(mine, null, 2)}\n`);
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = runningService(dataDir);
      if (holder) {
        throw new SettingError(
          `The data folder ${dataDir} is in use by another npm start (pid ${holder.pid}${holder.url ? `, ${holder.url}` : ''}): stop it first, or set DATA_DIR to another folder.`,
        );
      }
      unlinkSync(file);
    }
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (readRecord(file)?.pid === process.pid) unlinkSync(file);
  };
  process.once('exit', release);
  return {
    publish(details) {
      writeFileSync(file, `${JSON.stringify({ ...mine, ...details }, null, 2)}\n`);
    },
    release,
  };
}
