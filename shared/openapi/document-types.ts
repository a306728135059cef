import type { core } from 'zod/mini';

/** The parts of an OpenAPI 3.1 document this service's description uses. */

export type JsonSchema = core.JSONSchema.JSONSchema;
export type Ref = { $ref: string };

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  description: string;
  schema: JsonSchema;
  example?: unknown;
}

export interface Header {
  description: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Response {
  description: string;
  headers?: Record<string, Header | Ref>;
  content?: Record<string, { schema: JsonSchema }>;
}

export interface Operation {
  security?: { bearer: string[] }[];
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<string, Response | Ref>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  servers: { url: string; description: string }[];
  security: [];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, Response>;
    securitySchemes?: Record<string, { type: 'http'; scheme: 'bearer'; description: string }>;
    headers: Record<string, Header>;
  };
}
