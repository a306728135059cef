import type { APIGatewayProxyEvent } from 'aws-lambda';
import { type OriginCheck, originCheck } from '../../shared/http/origin.js';

/**
 * The check that a request came through CloudFront, with the secret's values given by the test (Secrets
 * Manager has no local stand-in; no network).
 */
describe('verifyOrigin (no network; the secret given by the test)', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as APIGatewayProxyEvent;
  let reads = 0;
  let values = ['current-secret'];
  const secret = async () => {
    reads += 1;
    return values;
  };
  let verifyOrigin: OriginCheck;
  beforeEach(() => {
    reads = 0;
    values = ['current-secret'];
    verifyOrigin = originCheck(secret);
  });

  it('lets a request with the secret through, and refuses one without it or with another: 403 Not allowed', async () => {
    await expect(verifyOrigin(request({ 'X-Origin-Verify': 'current-secret' }))).resolves.toBeUndefined();
    const refused: Record<string, string>[] = [
      {},
      { 'X-Origin-Verify': 'guess' },
      { 'X-Origin-Verify': 'current-secre' },
    ];
    for (const headers of refused) {
      await expect(verifyOrigin(request(headers))).rejects.toMatchObject({ detail: 'Not allowed' });
    }
  });

  it('accepts the previous value during a rotation, and reads the values once for many requests', async () => {
    values = ['new-secret', 'current-secret'];
    for (const sent of ['new-secret', 'current-secret', 'new-secret']) {
      await expect(verifyOrigin(request({ 'x-origin-verify': sent }))).resolves.toBeUndefined();
    }
    expect(reads).toBe(1);
  });

  it('checks nothing where no secret is configured (the local runtime, which has no CloudFront)', async () => {
    await expect(originCheck(null)(request({}))).resolves.toBeUndefined();
  });
});
