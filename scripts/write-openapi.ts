import { writeFile } from 'node:fs/promises';
import { buildOpenApiDocument } from '../shared/openapi.js';

/**
 * Writes docs/openapi.json from the route table and the schemas (`npm run openapi`); the unit test fails
 * while the committed file differs from what this would write.
 */
const target = new URL('../docs/openapi.json', import.meta.url);
await writeFile(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
