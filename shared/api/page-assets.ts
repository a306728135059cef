import {
  homePageFiles,
  homePageFolder,
  statsPageFiles,
  statsPageFolder,
  swaggerUiFiles,
  swaggerUiFolder,
} from '../pages/page-files.js';
import { referenceFilePath } from '../schemas/pages.js';
import type { RouteDeclaration } from './route-declaration.js';

/** A script or stylesheet a page of the service loads from the service itself. */
const pageFile = (page: string, files: string, example: string) => ({
  summary: `A script or stylesheet of ${page}`,
  pathParameters: { schema: referenceFilePath, meanings: { file: files }, examples: { file: example } },
  success: { status: 200 as const, description: 'The file', files: ['text/css', 'text/javascript'] },
  errors: { 404: 'Not Found' },
});

/** The scripts and stylesheets the pages load, served by the service itself. */

export const apiReferenceFileRoute = {
  method: 'GET',
  path: '/docs/{file}',
  handler: 'functions/ops/api-reference-file.ts',
  table: 'none',
  access: 'open',
  bundledFiles: [{ folder: swaggerUiFolder, from: 'node_modules/swagger-ui-dist', files: swaggerUiFiles }],
  ...pageFile(
    'the API reference page',
    'swagger-ui.css, swagger-ui-bundle.js or swagger-initializer.js.',
    'swagger-ui.css',
  ),
} satisfies RouteDeclaration;

export const statsPageFileRoute = {
  method: 'GET',
  path: '/stats-page/{file}',
  handler: 'functions/ops/stats-page-file.ts',
  table: 'none',
  access: 'open',
  bundledFiles: [
    { folder: statsPageFolder, ...statsPageFiles.own },
    { folder: statsPageFolder, ...statsPageFiles.chart },
  ],
  ...pageFile('the statistics page', 'stats-page.js, stats-page.css, uPlot.esm.js or uPlot.min.css.', 'stats-page.css'),
} satisfies RouteDeclaration;

export const homePageFileRoute = {
  method: 'GET',
  path: '/home-page/{file}',
  handler: 'functions/ops/home-page-file.ts',
  table: 'none',
  access: 'open',
  bundledFiles: [{ folder: homePageFolder, ...homePageFiles }],
  ...pageFile('the home page', 'home-page.js or home-page.css.', 'home-page.css'),
} satisfies RouteDeclaration;
