import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { eventMessage } from '../shared/events/event-message.js';

/**
 * `npm run replay-events -- [log files...] [--queue-url URL]`: sends again the automatic events that could
 * not be queued. It reads JSON log lines (files, or standard input) and re-queues the `unsent_event` of every
 * "Event could not be queued" entry. Replaying is safe to repeat: the writer stores each message id once.
 * The queue is --queue-url or EVENTS_QUEUE_URL; AWS credentials and AWS_ENDPOINT_URL_SQS as usual.
 */
const args = process.argv.slice(2);
const queueFlag = args.indexOf('--queue-url');
const queueUrl = queueFlag >= 0 ? args[queueFlag + 1] : process.env.EVENTS_QUEUE_URL;
const files = queueFlag >= 0 ? args.filter((_, i) => i !== queueFlag && i !== queueFlag + 1) : args;
if (!queueUrl) {
  console.error('No queue: pass --queue-url or set EVENTS_QUEUE_URL');
  process.exit(2);
}

const sqs = new SQSClient({});
let sent = 0;
let skipped = 0;
for (const input of files.length > 0 ? files.map((file) => createReadStream(file)) : [process.stdin]) {
  for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    let entry: { unsent_event?: unknown };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (entry.unsent_event === undefined) continue;
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
