import { referenceFilePath } from '../schemas/pages.js';
import type { OperationEntry } from './operation-entry.js';

/** A script or stylesheet a page of the service loads from the service itself. */
const pageFile = (page: string, files: string, example: string): OperationEntry => ({
  summary: `A script or stylesheet of ${page}`,
  path: { schema: referenceFilePath, meanings: { file: files }, examples: { file: example } },
  success: { status: 200, description: 'The file', files: ['text/css', 'text/javascript'] },
  errors: { 404: 'Not Found' },
});

/** The service's own health, figures and description, and the pages it serves to people with their files. */
export const pageOperations: Record<string, OperationEntry> = {
  'GET /health': {
    summary: 'Liveness check',
    success: { status: 200, description: 'The service is up', record: 'Health' },
  },
  'GET /metrics/json': {
    summary: 'Request counters and process figures',
    description: 'Of the instance that answers: locally the whole service, in AWS one function instance.',
    success: { status: 200, description: 'The counters', record: 'Metrics' },
  },
  'GET /openapi.json': {
    summary: 'This description of the API',
    success: { status: 200, description: 'The OpenAPI 3.1 document', record: 'OpenApiDocument' },
  },
  'GET /docs': {
    summary: 'The API reference page',
    description: 'Swagger UI over this description; every file it loads is served by the service itself.',
    success: { status: 200, description: 'The page', files: ['text/html'] },
  },
  'GET /stats-page/{file}': pageFile(
    'the statistics page',
    'stats-page.js, stats-page.css, uPlot.esm.js or uPlot.min.css.',
    'stats-page.css',
  ),
  'GET /': {
    summary: 'The home page',
    description:
      'The page people manage their links on, for a browser: a request whose `Accept` prefers `text/html` to ' +
      'JSON. Every other client gets `404 {"detail": "Not Found"}`. The page calls this API like any client; in ' +
      'keys mode it asks for a key and keeps it in the browser tab only.',
    success: { status: 200, description: 'The page', files: ['text/html'] },
    errors: { 404: 'Not Found (not a browser)' },
  },
  'GET /home-page/{file}': pageFile('the home page', 'home-page.js or home-page.css.', 'home-page.css'),
  'GET /docs/{file}': pageFile(
    'the API reference page',
    'swagger-ui.css, swagger-ui-bundle.js or swagger-initializer.js.',
    'swagger-ui.css',
  ),
};
