import { writeFile } from 'node:fs/promises';
import { buildOpenApiDocument } from '../shared/openapi/document.js';
import { clientTypes, clientTypesFile } from './client-types.js';

/**
 * Writes docs/openapi.json from the route table and the schemas (`npm run openapi`), and the typed client's
 * types from the same description (clients/typescript/openapi.d.ts); the unit tests fail while either committed
 * file differs from what this would write.
 */
const target = new URL('../docs/openapi.json', import.meta.url);
await writeFile(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
await writeFile(clientTypesFile, await clientTypes());
console.log(`wrote ${clientTypesFile.pathname}`);
