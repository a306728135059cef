import type { core } from 'zod/mini';
import {
  accessKeyRecord,
  blockedHostRecord,
  errorBody,
  eventRecord,
  healthStatus,
  importCount,
  importProgressRecord,
  linkFactsRecord,
  linkResults,
  linkStats,
  listedReportRecord,
  metricsReport,
  newAccessKey,
  newWebhookRecord,
  openApiDocument,
  operatorKeyRecord,
  reportRecord,
  urlRecord,
  userRecord,
  userStats,
  userTagRecord,
  validationErrorBody,
  webhookDeliveryRecord,
  webhookPingRecord,
  webhookRecord,
  webhookSecretRecord,
} from '../record-schemas.js';
import type { Header, Ref } from './document-types.js';

/** The schemas of what the API answers, published once under `components.schemas` and referenced. */
export const recordSchemas = {
  User: userRecord,
  Url: urlRecord,
  Event: eventRecord,
  LinkStats: linkStats,
  UserStats: userStats,
  UserTag: userTagRecord,
  Health: healthStatus,
  ImportCount: importCount,
  ImportProgress: importProgressRecord,
  LinkResults: linkResults,
  AccessKey: accessKeyRecord,
  OperatorKey: operatorKeyRecord,
  LinkFacts: linkFactsRecord,
  BlockedHost: blockedHostRecord,
  Report: reportRecord,
  ListedReport: listedReportRecord,
  NewAccessKey: newAccessKey,
  Webhook: webhookRecord,
  NewWebhook: newWebhookRecord,
  WebhookSecret: webhookSecretRecord,
  WebhookPing: webhookPingRecord,
  WebhookDelivery: webhookDeliveryRecord,
  Metrics: metricsReport,
  OpenApiDocument: openApiDocument,
  Error: errorBody,
  ValidationError: validationErrorBody,
} satisfies Record<string, core.$ZodType>;

export type RecordName = keyof typeof recordSchemas;

export const schemaRef = (name: RecordName): Ref => ({ $ref: `#/components/schemas/${name}` });

/** The headers every answer, or every list, carries: published once under `components.headers`. */
export const sharedHeaders = {
  RequestId: {
    description: "The gateway's request id, also in every log line about the request",
    schema: { type: 'string' },
  },
  NextPage: {
    description:
      '`<...>; rel="next"`, sent when the window is full: the same request, resumed after its last item by `cursor`',
    schema: { type: 'string' },
  },
} satisfies Record<string, Header>;

export const requestIdHeader = { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } };
