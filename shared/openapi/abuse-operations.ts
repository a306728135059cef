import { createReportBody, hostPath } from '../schemas/abuse.js';
import { listUsersQuery } from '../schemas/users.js';
import { json, type OperationEntry, type PathInput } from './operation-entry.js';

const blockedHostPath: PathInput = {
  schema: hostPath,
  meanings: {
    host:
      'A host name (its subdomains are blocked with it), an IP address (IPv6 with or without brackets) or a CIDR ' +
      'range (`10.0.0.0%2F8`, its `/` percent-encoded). Compared canonical: lower case, IDNA, without trailing ' +
      'dots; an IPv6 address that embeds an IPv4 address is that IPv4 address.',
  },
  examples: { host: 'phishing.example' },
};

/** The abuse controls: hosts the operator blocks, and the reports anyone may send about a link. */
export const abuseOperations: Record<string, OperationEntry> = {
  'PUT /blocked-hosts/{host}': {
    summary: 'Block a host',
    description:
      'Links to it and to its subdomains (compared case-insensitively, after IDNA conversion, without a trailing ' +
      'dot) can no longer be made, and existing ones answer 410 "Link disabled" within 10 seconds.',
    path: blockedHostPath,
    success: { status: 204, description: 'Blocked (already blocked: the same)' },
  },
  'DELETE /blocked-hosts/{host}': {
    summary: 'Unblock a host',
    description: 'Its links redirect again within 10 seconds.',
    path: blockedHostPath,
    success: { status: 204, description: 'Unblocked' },
    errors: { 404: 'Host not blocked' },
  },
  'GET /blocked-hosts': {
    summary: 'List the blocked hosts',
    success: { status: 200, description: 'The blocked hosts, by name', record: 'BlockedHost', list: true },
  },
  'POST /reports': {
    summary: 'Report a short link',
    description: 'Open to anyone: phishing, spam, malware... The operator reads the reports (GET /reports).',
    body: json(createReportBody),
    success: { status: 201, description: 'The report', record: 'Report' },
    errors: { 404: 'URL not found' },
  },
  'GET /reports': {
    summary: 'List the reports',
    query: listUsersQuery,
    success: { status: 200, description: 'Reports, newest first', record: 'ListedReport', list: true },
  },
};
