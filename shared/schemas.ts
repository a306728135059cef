/**
 * Every request schema of the API: the handlers validate with them and the OpenAPI description is generated
 * from them. Limits are the API's, as docs/openapi.json publishes them. The schemas live in shared/schemas/,
 * one module per resource; this module names the ones the handlers and the record schemas use.
 */

export { createReportBody, hostPath } from './schemas/abuse.js';
export { createEventBody, eventDetails, eventType, listEventsCsvQuery, listEventsQuery } from './schemas/events.js';
export { importPath } from './schemas/imports.js';
export { createUserKeyBody, keyPath, userKeyPath } from './schemas/keys.js';
export { originalUrl, title } from './schemas/link-fields.js';
export { referenceFilePath } from './schemas/pages.js';
export { booleanWords, idPath, positiveId } from './schemas/primitives.js';
export { statsQuery } from './schemas/stats.js';
export {
  createLinksBody,
  createOwnUrlBody,
  createUrlBody,
  listUrlsCsvQuery,
  listUrlsQuery,
  MAX_BULK_LINKS,
  shortCodePath,
  shortLinkPath,
  statsPageQuery,
  updateUrlBody,
} from './schemas/urls.js';
export { createUserBody, email, renameUserBody, username } from './schemas/users.js';
