import { createReportBody, hostPath } from '../schemas/abuse.js';
import { numberedPageQuery } from '../schemas/list-pages.js';
import type { PathInput, RouteDeclaration } from './route-declaration.js';

const blockedHostPath = {
  schema: hostPath,
  meanings: {
    host:
      'A host name (its subdomains are blocked with it), an IP address (IPv6 with or without brackets) or a CIDR ' +
      'range (`10.0.0.0%2F8`, its `/` percent-encoded). Compared canonical: lower case, IDNA, without trailing ' +
      'dots; an IPv6 address that embeds an IPv4 address is that IPv4 address.',
  },
  examples: { host: 'phishing.example' },
} satisfies PathInput;

/** The abuse controls: hosts the operator blocks, and the reports anyone may send about a link. */

export const blockHostRoute = {
  method: 'PUT',
  path: '/blocked-hosts/{host}',
  handler: 'functions/abuse/block-host.ts',
  table: 'write',
  access: 'operator',
  summary: 'Block a host',
  description:
    'Links to it and to its subdomains (compared case-insensitively, after IDNA conversion, without a trailing ' +
    'dot) can no longer be made, and existing ones answer 410 "Link disabled" within 10 seconds.',
  pathParameters: blockedHostPath,
  success: { status: 204, description: 'Blocked (already blocked: the same)' },
} satisfies RouteDeclaration;

export const unblockHostRoute = {
  method: 'DELETE',
  path: '/blocked-hosts/{host}',
  handler: 'functions/abuse/unblock-host.ts',
  table: 'write',
  access: 'operator',
  summary: 'Unblock a host',
  description: 'Its links redirect again within 10 seconds.',
  pathParameters: blockedHostPath,
  success: { status: 204, description: 'Unblocked' },
  errors: { 404: 'Host not blocked' },
} satisfies RouteDeclaration;

export const listBlockedHostsRoute = {
  method: 'GET',
  path: '/blocked-hosts',
  handler: 'functions/abuse/list-blocked-hosts.ts',
  table: 'read',
  access: 'operator',
  summary: 'List the blocked hosts',
  success: { status: 200, description: 'The blocked hosts, by name', record: 'BlockedHost', list: true },
} satisfies RouteDeclaration;

export const createReportRoute = {
  method: 'POST',
  path: '/reports',
  handler: 'functions/abuse/create-report.ts',
  table: 'write',
  access: 'open',
  summary: 'Report a short link',
  description: 'Open to anyone: phishing, spam, malware... The operator reads the reports (GET /reports).',
  body: {
    schema: createReportBody,
    // The first seeded link's code (ENABLE_STARTUP_SEED): a fresh service without the seed has no such link.
    example: { short_code: 'vcZO5s', reason: 'It leads to a page that asks for bank passwords.' },
  },
  success: { status: 201, description: 'The report', record: 'Report' },
  errors: { 404: 'URL not found' },
} satisfies RouteDeclaration;

export const listReportsRoute = {
  method: 'GET',
  path: '/reports',
  handler: 'functions/abuse/list-reports.ts',
  table: 'none',
  access: 'operator',
  indexes: ['GSI1'],
  summary: 'List the reports',
  query: numberedPageQuery,
  success: { status: 200, description: 'Reports, newest first', record: 'ListedReport', list: true },
} satisfies RouteDeclaration;
