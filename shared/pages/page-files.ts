/**
 * The files each page loads and where they come from: the pages serve them, and the route table tells the
 * stack to copy them next to the functions that serve them. Kept apart from the pages so that the route
 * table names the files without importing the pages.
 */

/** The statistics page's files: its own, and uPlot's as the package ships them. */
export const statsPageFiles = {
  own: { from: 'web/stats-page', files: ['stats-page.js', 'stats-page.css'] },
  chart: { from: 'node_modules/uplot/dist', files: ['uPlot.esm.js', 'uPlot.min.css'] },
} as const;
/** The folder the stack copies them into, next to the function's bundle. */
export const statsPageFolder = 'stats-page';

/** The home page's files. */
export const homePageFiles = { from: 'web/home-page', files: ['home-page.js', 'home-page.css'] } as const;
/** The folder the stack copies them into, next to the function's bundle. */
export const homePageFolder = 'home-page';

/** Swagger UI's files that the API reference loads, served as the package ships them. */
export const swaggerUiFiles = ['swagger-ui.css', 'swagger-ui-bundle.js'] as const;
/** The folder the stack copies them into, next to the function's bundle (the package is not deployed). */
export const swaggerUiFolder = 'swagger-ui';
