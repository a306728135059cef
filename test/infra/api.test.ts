import { Match } from 'aws-cdk-lib/assertions';
import { edgeErrorPages } from '../../lib/edge-paths.js';
import { methodsOfResource, routes } from '../../shared/api/routes.js';
import { synthesized } from './synthesized.js';
import { onlyResource, resourcesOfType } from './template-queries.js';

/** The API resources' paths, rebuilt from their PathPart and ParentId chain. */
function resourcePaths(resources: [string, Record<string, unknown>][]): Map<string, string> {
  const byId = new Map(resources);
  const pathOf = (id: string): string => {
    const resource = byId.get(id);
    if (!resource) return '';
    const parent = resource.ParentId as { Ref?: string };
    return `${parent.Ref ? pathOf(parent.Ref) : ''}/${resource.PathPart as string}`;
  };
  return new Map(resources.map(([id]) => [id, pathOf(id)]));
}

const { service: template } = await synthesized('throttled');

describe('REST API template', () => {
  const paths = resourcePaths(resourcesOfType(template, 'AWS::ApiGateway::Resource'));
  const methods = resourcesOfType(template, 'AWS::ApiGateway::Method').map(([, properties]) => ({
    path: paths.get((properties.ResourceId as { Ref: string }).Ref) ?? '/',
    method: properties.HttpMethod as string,
    properties,
  }));
  const routePaths = [...new Set(routes.map((route) => route.path))];

  it('has one Lambda proxy method per route, on the route path, and HEAD beside every GET', () => {
    const proxied = methods.filter(
      ({ properties }) => (properties.Integration as { Type: string }).Type === 'AWS_PROXY',
    );
    const heads = routes.filter((route) => route.method === 'GET').map((route) => `HEAD ${route.path}`);
    expect(proxied.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
      [...routes.map((route) => `${route.method} ${route.path}`), ...heads].sort(),
    );
  });

  it("answers the CORS preflight on every routed resource with the resource's methods", () => {
    const preflights = methods.filter(({ method }) => method === 'OPTIONS');
    expect(preflights.map(({ path }) => path).sort()).toEqual([...routePaths].sort());
    for (const { path, properties } of preflights) {
      const allowed = methodsOfResource(routes.filter((route) => route.path === path).map((route) => route.method));
      const parameters = (properties.Integration as { IntegrationResponses: { ResponseParameters: object }[] })
        .IntegrationResponses[0]?.ResponseParameters;
      expect(parameters).toMatchObject({
        'method.response.header.Access-Control-Allow-Origin': "'*'",
        'method.response.header.Access-Control-Allow-Methods': `'${allowed.join(',')}'`,
        'method.response.header.Access-Control-Allow-Headers': "'Authorization,Content-Type,Idempotency-Key'",
      });
    }
  });

  it("has no resource that no route needs, but CloudFront's error pages", () => {
    const needed = new Set(
      [...routePaths, ...edgeErrorPages.map((page) => page.path)].flatMap((path) =>
        path.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/')),
      ),
    );
    for (const path of paths.values()) expect(needed.has(path)).toBe(true);
  });

  it("serves CloudFront's error pages as fixed answers in the error contract (a GET mock each)", () => {
    for (const page of edgeErrorPages) {
      const found = methods.filter(({ path }) => path === page.path);
      expect(found.map(({ method }) => method)).toEqual(['GET']);
      expect(found[0]?.properties.Integration).toMatchObject({
        Type: 'MOCK',
        IntegrationResponses: [
          {
            StatusCode: '200',
            ResponseTemplates: { 'application/json': JSON.stringify({ detail: page.detail }) },
            ResponseParameters: expect.objectContaining({
              'method.response.header.Content-Type': "'application/json'",
              'method.response.header.Cache-Control': "'no-store'",
            }),
          },
        ],
      });
    }
  });

  it('answers another method on a known path with 405 and an Allow header, from a mock ANY method', () => {
    const fallbacks = methods.filter(({ method }) => method === 'ANY');
    expect(fallbacks.map(({ path }) => path).sort()).toEqual([...routePaths].sort());
    for (const { path, properties } of fallbacks) {
      const allowed = methodsOfResource(routes.filter((route) => route.path === path).map((route) => route.method));
      expect(properties.Integration).toMatchObject({
        Type: 'MOCK',
        PassthroughBehavior: 'WHEN_NO_MATCH',
        IntegrationResponses: [
          {
            StatusCode: '405',
            ResponseTemplates: { 'application/json': '{"detail":"Method Not Allowed"}' },
            ResponseParameters: {
              'method.response.header.Allow': `'${allowed.join(', ')}'`,
              'method.response.header.Content-Type': "'application/json'",
              'method.response.header.Cache-Control': "'no-store'",
              'method.response.header.X-Content-Type-Options': "'nosniff'",
            },
          },
        ],
      });
      expect(properties.MethodResponses).toEqual([expect.objectContaining({ StatusCode: '405' })]);
    }
  });

  it('counts: route methods, a HEAD per GET, an ANY and an OPTIONS per routed resource, a GET per error page', () => {
    const heads = routes.filter((route) => route.method === 'GET').length;
    template.resourceCountIs(
      'AWS::ApiGateway::Method',
      routes.length + heads + 2 * routePaths.length + edgeErrorPages.length,
    );
  });

  it('receives multipart/form-data as binary and is regional (CloudFront is the edge)', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      BinaryMediaTypes: ['multipart/form-data'],
      EndpointConfiguration: { Types: ['REGIONAL'] },
    });
  });

  it('throttles the stage at the configured rate and burst, with error-level execution logs', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      MethodSettings: [
        Match.objectLike({
          HttpMethod: '*',
          ResourcePath: '/*',
          ThrottlingRateLimit: 123,
          ThrottlingBurstLimit: 456,
          LoggingLevel: 'ERROR',
          DataTraceEnabled: false,
        }),
      ],
    });
  });

  it('writes one JSON access log line per request, with the gateway response type', () => {
    const [, stage] = onlyResource(template, 'AWS::ApiGateway::Stage');
    const format = (stage.AccessLogSetting as { Format: string }).Format;
    const sample = JSON.parse(
      format.replace('$context.error.messageString', '"quoted"').replace(/\$context\.[\w.]+/g, 'x'),
    );
    expect(Object.keys(sample)).toEqual(
      expect.arrayContaining(['requestId', 'method', 'resource', 'status', 'responseLatency', 'responseType', 'error']),
    );
    expect(format).not.toContain('sourceIp');
  });

  it('creates the execution log group itself, with a retention, before the stage', () => {
    const [logGroupId] = onlyResource(template, 'AWS::Logs::LogGroup', (_, properties) =>
      JSON.stringify(properties.LogGroupName ?? '').includes('API-Gateway-Execution-Logs_'),
    );
    template.hasResource('AWS::ApiGateway::Stage', { DependsOn: Match.arrayWith([logGroupId]) });
  });

  describe('gateway responses in the error contract', () => {
    const responses = new Map(
      resourcesOfType(template, 'AWS::ApiGateway::GatewayResponse').map(([, properties]) => [
        properties.ResponseType as string,
        properties,
      ]),
    );
    const bodyOf = (type: string) =>
      String((responses.get(type)?.ResponseTemplates as Record<string, string> | undefined)?.['application/json']);

    it.each([
      ['MISSING_AUTHENTICATION_TOKEN', '404', 'Not Found'],
      ['RESOURCE_NOT_FOUND', '404', 'Not Found'],
      ['THROTTLED', '429', 'Too Many Requests'],
      ['REQUEST_TOO_LARGE', '413', 'Request body too large'],
      ['INTEGRATION_TIMEOUT', '504', 'Endpoint request timed out'],
      ['INTEGRATION_FAILURE', '502', 'Bad Gateway'],
      ['API_CONFIGURATION_ERROR', '500', 'Internal Server Error'],
    ])('%s is %s {"detail": "%s"}', (type, status, detail) => {
      expect(responses.get(type)?.StatusCode).toBe(status);
      expect(JSON.parse(bodyOf(type))).toEqual({ detail });
    });

    it.each(['DEFAULT_4XX', 'DEFAULT_5XX'])('%s keeps its status and wraps the gateway message in detail', (type) => {
      expect(responses.get(type)?.StatusCode).toBeUndefined();
      expect(bodyOf(type)).toBe('{"detail":$context.error.messageString}');
      expect(JSON.parse(bodyOf(type).replace('$context.error.messageString', '"Forbidden"'))).toEqual({
        detail: 'Forbidden',
      });
    });

    it('every one is JSON, never cached', () => {
      expect(responses.size).toBe(9);
      for (const response of responses.values()) {
        expect(response.ResponseParameters).toMatchObject({
          'gatewayresponse.header.Content-Type': "'application/json'",
          'gatewayresponse.header.Cache-Control': "'no-store'",
        });
      }
    });
  });
});
