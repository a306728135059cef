import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NotFoundError } from '../platform/errors.js';

/** A file a page of the service loads: its content and type. */
export interface StaticFileContent {
  contentType: string;
  content: string;
}

const contentTypes: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

/**
 * The files of a page by name, from where `locate` finds them (next to the bundle in a deployment, in the
 * project or its packages locally); a name it does not know is a 404. Each is read once per instance, then
 * kept.
 */
export function staticFiles(
  locate: (name: string) => string | undefined,
): (name: string) => Promise<StaticFileContent> {
  const loaded = new Map<string, Promise<string>>();
  return async (name) => {
    const file = locate(name);
    if (!file) throw new NotFoundError('Not Found');
    let content = loaded.get(name);
    if (!content) {
      content = readFile(file, 'utf8');
      loaded.set(name, content);
    }
    return { contentType: contentTypes[path.extname(name)] as string, content: await content };
  };
}
