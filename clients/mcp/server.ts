import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { runningService } from '../../local/runtime-record.js';
import { readLocalSettings } from '../../local/settings.js';
import packageJson from '../../package.json' with { type: 'json' };
import { createClient } from '../typescript/index.js';
import { registerLinkTools } from './link-tools.js';

/**
 * `npm run mcp`: the service's links for AI assistants, as a Model Context Protocol server on standard input and
 * output. It calls the service at SERVICE_URL, else the `npm start` running on this checkout's data folder, else
 * http://localhost:3000, looked up at each call (the assistant may start this before the service); with API_KEY
 * as the bearer key, which it never prints. Standard output carries the protocol only.
 */

const apiKey = process.env.API_KEY || undefined;
const projectRoot = path.resolve(import.meta.dirname, '../..');

function serviceUrl(): string {
  // An empty variable is no setting, as everywhere else in the project.
  if (process.env.SERVICE_URL) return process.env.SERVICE_URL;
  return runningService(readLocalSettings(process.env, [], projectRoot).dataDir)?.url ?? 'http://localhost:3000';
}

const server = new McpServer({ name: 'url-shortener', version: packageJson.version });
registerLinkTools(server, () => {
  const baseUrl = serviceUrl();
  return { baseUrl, client: createClient({ baseUrl, apiKey }) };
});
await server.connect(new StdioServerTransport());
// The client ends the session by closing standard input: exit then, rather than seconds later when the idle
// keep-alive connections to the service close.
process.stdin.once('end', () => process.exit(0));
