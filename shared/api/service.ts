import type { RouteDeclaration } from './route-declaration.js';

/** The service's own health, figures and description, and the pages it serves to people. */

export const healthRoute = {
  method: 'GET',
  path: '/health',
  handler: 'functions/ops/health.ts',
  table: 'none',
  access: 'open',
  summary: 'Liveness check',
  success: { status: 200, description: 'The service is up', record: 'Health' },
} satisfies RouteDeclaration;

export const metricsRoute = {
  method: 'GET',
  path: '/metrics/json',
  handler: 'functions/ops/metrics.ts',
  table: 'none',
  access: 'operator',
  summary: 'Request counters and process figures',
  description: 'Of the instance that answers: locally the whole service, in AWS one function instance.',
  success: { status: 200, description: 'The counters', record: 'Metrics' },
} satisfies RouteDeclaration;

export const openApiRoute = {
  method: 'GET',
  path: '/openapi.json',
  handler: 'functions/ops/openapi.ts',
  table: 'none',
  access: 'open',
  summary: 'This description of the API',
  success: { status: 200, description: 'The OpenAPI 3.1 document', record: 'OpenApiDocument' },
} satisfies RouteDeclaration;

export const apiReferencePageRoute = {
  method: 'GET',
  path: '/docs',
  handler: 'functions/ops/api-reference-page.ts',
  table: 'none',
  access: 'open',
  summary: 'The API reference page',
  description: 'Swagger UI over this description; every file it loads is served by the service itself.',
  success: { status: 200, description: 'The page', files: ['text/html'] },
} satisfies RouteDeclaration;

// The home page for a browser; every other client gets the 404 an unknown route gets.
export const homePageRoute = {
  method: 'GET',
  path: '/',
  handler: 'functions/ops/home-page.ts',
  table: 'none',
  access: 'open',
  summary: 'The home page',
  description:
    'The page people manage their links on, for a browser: a request whose `Accept` prefers `text/html` to ' +
    'JSON. Every other client gets `404 {"detail": "Not Found"}`. The page calls this API like any client; in ' +
    'keys mode it asks for a key and keeps it in the browser tab only.',
  success: { status: 200, description: 'The page', files: ['text/html'] },
  errors: { 404: 'Not Found (not a browser)' },
} satisfies RouteDeclaration;
