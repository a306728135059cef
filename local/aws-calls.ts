import diagnostics from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';

/**
 * The calls to AWS this process makes, as they leave (the operation each names in `X-Amz-Target`, such as
 * `AmazonSQS.SendMessage` or `DynamoDB_20120810.PutItem`). In AWS an event source mapping learns of a new
 * message by long-polling the queue, and of a table's write from its stream, without asking anything
 * several times a second; the local pollers hear of the sends and writes the runtime's functions make here,
 * and ask the emulators seldom while nothing happens. Node's documented `http.client.request.created`
 * channel fires once a request's headers are set, before it is sent.
 */
export function onAwsCall(listener: (operation: string) => void): () => void {
  const channel = 'http.client.request.created';
  const observe = (message: unknown) => {
    const target = (message as { request: ClientRequest }).request.getHeader('x-amz-target');
    if (typeof target === 'string') listener(target.slice(target.indexOf('.') + 1));
  };
  diagnostics.subscribe(channel, observe);
  return () => diagnostics.unsubscribe(channel, observe);
}
