import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { runningService } from '../local/runtime-record.js';
import { readLocalSettings } from '../local/settings.js';
import { eventMessage } from '../shared/events/event-message.js';
import { parseJsonExactly } from '../shared/platform/json.js';
import { SettingError } from '../shared/platform/setting-values.js';

/**
 * `npm run replay-events -- [log files...] [--queue-url URL]`: sends again the automatic events that could
 * not be queued or written. It reads JSON log lines (files, or standard input) and re-queues every
 * `unsent_event`. Replaying is safe to repeat: the writer stores each event once.
 *
 * Where to: `--queue-url` or EVENTS_QUEUE_URL (a deployment's queue, with the usual AWS credentials), or
 * else the running `npm start`, found through its data folder (DATA_DIR), with nothing to configure.
 */
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The queue to send to, and the client for it. */
function destination(args: string[]): { queueUrl: string; sqs: SQSClient; files: string[] } {
  const flag = args.indexOf('--queue-url');
  const files = flag >= 0 ? args.filter((_, i) => i !== flag && i !== flag + 1) : args;
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    fail(
      `No such file: ${missing.join(', ')}. Give the service's log: the lines of npm start's output (save it with ` +
        "`npm start 2>&1 | tee service.log`), or a function's CloudWatch log exported to a file; events kept at " +
        'the last stop (.data/unsent-events.jsonl) are queued again by the next npm start by itself.',
    );
  }
  const given = flag >= 0 ? args[flag + 1] : process.env.EVENTS_QUEUE_URL;
  if (flag >= 0 && !given) fail('--queue-url needs the queue URL after it');
  if (given) return { queueUrl: given, sqs: new SQSClient({}), files };

  const { dataDir } = readLocalSettings(process.env, [], projectRoot);
  const service = runningService(dataDir);
  if (!service?.queueUrl || !service.sqsEndpoint) {
    fail(
      `No local service is running on ${path.relative(process.cwd(), dataDir) || dataDir} (start it with npm start), ` +
        'and no queue was given (--queue-url or EVENTS_QUEUE_URL for a deployment).',
    );
  }
  const sqs = new SQSClient({
    endpoint: service.sqsEndpoint,
    region: service.region ?? 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return { queueUrl: service.queueUrl, sqs, files };
}

try {
  const { queueUrl, sqs, files } = destination(process.argv.slice(2));
  let sent = 0;
  let skipped = 0;
  for (const input of files.length > 0 ? files.map((file) => createReadStream(file)) : [process.stdin]) {
    for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
      let entry: { unsent_event?: unknown };
      try {
        entry = parseJsonExactly(line) as { unsent_event?: unknown };
      } catch {
        continue;
      }
      if (entry === null || typeof entry !== 'object' || entry.unsent_event === undefined) continue;
      const message = eventMessage.safeParse(entry.unsent_event);
      if (!message.success) {
        skipped += 1;
        continue;
      }
      await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message.data) }));
      sent += 1;
    }
  }
  console.log(`replayed ${sent} event(s)${skipped > 0 ? `, skipped ${skipped} that are not events` : ''}`);
} catch (error) {
  if (!(error instanceof SettingError)) throw error;
  fail(error.message);
}
