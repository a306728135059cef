import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { swaggerUiFiles, swaggerUiFolder } from './page-files.js';
import { type StaticFileContent, staticFiles } from './static-files.js';

/**
 * The API reference a person reads at `GET /docs`: Swagger UI (the npm package swagger-ui-dist, Apache-2.0)
 * showing `GET /openapi.json`, with every file served by the service itself, so that it works offline and
 * behind a strict network, and loads nothing from a CDN. FastAPI serves its reference at the same path.
 */

/** Scripts and styles come only from the service; Swagger UI sets inline styles on its elements. */
export const apiReferencePolicy =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'none'";

/**
 * The page, its URLs relative to `base` (where the service's paths start: `/`, or a stage's prefix), so that
 * it works at `/docs` and `/docs/` alike, behind CloudFront, locally and under a stage prefix.
 */
const pageAt = (base: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <base href="${base.replace(/[^A-Za-z0-9/_.-]/g, '')}">
  <title>URL shortener — API reference</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="docs/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="docs/swagger-ui-bundle.js"></script>
  <script src="docs/swagger-initializer.js"></script>
</body>
</html>
`;

/** Starts Swagger UI on this service's own description (a file, because the page's policy allows no inline script). */
const initializer = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: 'openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    displayRequestDuration: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

export const apiReferencePage = (base: string): StaticFileContent => ({
  contentType: 'text/html; charset=utf-8',
  content: pageAt(base),
});

function swaggerUiDirectory(): string {
  const bundled = path.join(path.dirname(fileURLToPath(import.meta.url)), swaggerUiFolder);
  if (existsSync(bundled)) return bundled;
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

const swaggerUiFile = staticFiles((name) =>
  (swaggerUiFiles as readonly string[]).includes(name) ? path.join(swaggerUiDirectory(), name) : undefined,
);

/** One of the page's files by name (the initializer is written here); anything else is a 404. */
export async function apiReferenceFile(name: string): Promise<StaticFileContent> {
  if (name === 'swagger-initializer.js') return { contentType: 'text/javascript; charset=utf-8', content: initializer };
  return swaggerUiFile(name);
}
