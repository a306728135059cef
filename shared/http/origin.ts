import { timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { serviceConfig } from '../platform/config.js';
import { NotAllowedError } from '../platform/errors.js';
import { RefreshingValue } from '../platform/refreshing-value.js';
import { requestHeader } from './headers.js';

/**
 * The API answers only requests that came through CloudFront (docs/decisions.md, "Deployment"): CloudFront
 * sends the origin secret in X-Origin-Verify, and a request without it (the API Gateway stage called directly,
 * around the firewall, with viewer headers of its own making) is refused before anything reads it. The secret
 * is read from Secrets Manager, its current and previous value, and read again every few minutes, so that a
 * rotation drops no request. Without ORIGIN_SECRET_ARN (locally, where there is no CloudFront) nothing is
 * checked.
 */

/** How long the secret's values are kept before they are read again. */
const KEPT_MS = 5 * 60_000;

type SecretValues = () => Promise<string[]>;

const secrets = new SecretsManagerClient({});

/** The secret's current value, and its previous one while there is one (a rotation in progress). */
const readSecretValues =
  (secretId: string): SecretValues =>
  async () => {
    const stages = await Promise.all(
      ['AWSCURRENT', 'AWSPREVIOUS'].map((VersionStage) =>
        secrets
          .send(new GetSecretValueCommand({ SecretId: secretId, VersionStage }))
          .then((out) => out.SecretString)
          .catch((error: Error) => {
            if (VersionStage === 'AWSPREVIOUS' && error.name === 'ResourceNotFoundException') return undefined;
            throw error;
          }),
      ),
    );
    return stages.filter((value): value is string => typeof value === 'string' && value !== '');
  };

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

export type OriginCheck = (event: APIGatewayProxyEvent) => Promise<void>;

/**
 * A check that refuses a request that did not come through CloudFront (403 Not allowed), against the secret's
 * `values` (kept for a few minutes), or that checks nothing where no secret is configured (null).
 */
export function originCheck(values: SecretValues | null): OriginCheck {
  const kept = values && new RefreshingValue(values, { maxAgeMs: KEPT_MS });
  return async (event) => {
    if (!kept) return;
    const sent = requestHeader(event, 'x-origin-verify');
    if (sent === undefined) throw new NotAllowedError();
    if (!(await kept.get()).some((value) => same(value, sent))) throw new NotAllowedError();
  };
}

/** This function's check: the configured secret's, made at the first request (its configuration is read then). */
let configured: OriginCheck | undefined;

export function verifyOrigin(event: APIGatewayProxyEvent): Promise<void> {
  if (!configured) {
    const arn = serviceConfig().originSecretArn;
    configured = originCheck(arn ? readSecretValues(arn) : null);
  }
  return configured(event);
}

/** The origin check as a route's middleware: refused before anything else reads the request. */
export function originVerified(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> {
  return {
    before: async (request) => {
      await verifyOrigin(request.event);
    },
  };
}
