import { buildOpenApiDocument } from '../../shared/openapi/document.js';
import { httpClient, sharedTestService, type TestService } from '../support/service.js';

/** GET /openapi.json through the local gateway serves the document the unit test checks. */
describe('GET /openapi.json (DynamoDB Local, through HTTP)', () => {
  let service: TestService;
  let api: ReturnType<typeof httpClient>;

  beforeAll(async () => {
    service = await sharedTestService();
    api = httpClient(service.url);
  });
  afterAll(() => service.stop());

  it('answers the OpenAPI document built from the route table, as JSON', async () => {
    const response = await api.get('/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });
});
