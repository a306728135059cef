import type { APIGatewayProxyEvent } from 'aws-lambda';
import busboy from 'busboy';
import { PayloadTooLargeError, RequestValidationError } from '../platform/errors.js';
import { requestHeader } from './headers.js';

interface UploadedFile {
  filename: string;
  content: Buffer;
}

const missingFile = (field: string) =>
  new RequestValidationError([{ loc: ['body', field], msg: 'Field required', type: 'missing' }]);

/**
 * Reads one file field of a multipart/form-data request with busboy, which accepts what real clients
 * send (curl, browsers, requests) whatever their boundary. A body that is not multipart, or has no such
 * field, is a 422 on that field; a file over `maxBytes` is a 413.
 */
export function readUploadedFile(event: APIGatewayProxyEvent, field: string, maxBytes: number): Promise<UploadedFile> {
  const contentType = requestHeader(event, 'content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType) || !event.body) return Promise.reject(missingFile(field));
  const body = Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');

  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // busboy reports the limit once a file reaches it; a file of exactly `maxBytes` is within it.
      parser = busboy({ headers: { 'content-type': contentType }, limits: { fileSize: maxBytes + 1, files: 5 } });
    } catch {
      reject(
        new RequestValidationError([{ loc: ['body'], msg: 'Invalid multipart/form-data body', type: 'value_error' }]),
      );
      return;
    }
    let found: Promise<UploadedFile> | undefined;
    parser.on('file', (name, stream, info) => {
      if (name !== field || found) {
        stream.resume();
        return;
      }
      found = new Promise((resolveFile, rejectFile) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('limit', () =>
          rejectFile(new PayloadTooLargeError(`File too large: the limit is ${maxBytes / 1024 / 1024} MiB`)),
        );
        stream.on('close', () => resolveFile({ filename: info.filename ?? '', content: Buffer.concat(chunks) }));
        stream.on('error', rejectFile);
      });
      // A rejection is surfaced when the whole body has been read ('close' below).
      found.catch(() => undefined);
    });
    parser.on('error', () =>
      reject(
        new RequestValidationError([{ loc: ['body'], msg: 'Invalid multipart/form-data body', type: 'value_error' }]),
      ),
    );
    parser.on('close', () => (found ? found.then(resolve, reject) : reject(missingFile(field))));
    parser.end(body);
  });
}
