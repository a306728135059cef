import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildOpenApiDocument } from '../../shared/openapi/document.js';

type AddFormats = (instance: Ajv2020) => unknown;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  addFormatsModule) as unknown as AddFormats;

/**
 * Every example of the API reference fits the schema it illustrates (no network): request bodies, parameters
 * and answers, so that "Try it out" sends what the service accepts and shows what it answers.
 */
interface Described {
  requestBody?: { content?: Record<string, { example?: unknown }> };
  parameters?: { name: string; in: string; example?: unknown }[];
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}

describe('examples of the OpenAPI description (no network)', () => {
  for (const mode of ['open', 'keys'] as const) {
    it(`are given for every JSON request body and fit their schemas (${mode} mode)`, () => {
      const document = JSON.parse(JSON.stringify(buildOpenApiDocument(undefined, { authMode: mode })));
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      ajv.addSchema({ ...document, $id: 'openapi' });
      const problems: string[] = [];
      let checked = 0;
      const check = (pointer: string, example: unknown, where: string) => {
        const validate = ajv.compile({ $ref: `openapi#${pointer}` });
        checked += 1;
        if (!validate(example)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
      };
      const segment = (text: string) => text.replaceAll('~', '~0').replaceAll('/', '~1');
      for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, Described>>)) {
        for (const [method, operation] of Object.entries(operations)) {
          const base = `/paths/${segment(path)}/${method}`;
          const body = operation.requestBody?.content?.['application/json'];
          if (body) {
            if (body.example === undefined) problems.push(`${method} ${path}: no request example`);
            else check(`${base}/requestBody/content/application~1json/schema`, body.example, `${method} ${path} body`);
          }
          (operation.parameters ?? []).forEach(
            (parameter: { name: string; in: string; example?: unknown }, i: number) => {
              if (parameter.in === 'path' && parameter.example === undefined)
                problems.push(`${method} ${path}: no example for ${parameter.name}`);
              if (parameter.example === undefined) return;
              const value = /^\d+$/.test(String(parameter.example)) ? Number(parameter.example) : parameter.example;
              const validate = ajv.compile({ $ref: `openapi#${base}/parameters/${i}/schema` });
              checked += 1;
              if (!validate(value) && !validate(parameter.example))
                problems.push(`${method} ${path} ${parameter.name}: ${ajv.errorsText(validate.errors)}`);
            },
          );
          for (const [status, response] of Object.entries(operation.responses)) {
            const content = response.content?.['application/json'];
            if (content?.example === undefined) continue;
            check(
              `${base}/responses/${status}/content/application~1json/schema`,
              content.example,
              `${method} ${path} ${status}`,
            );
          }
        }
      }
      expect(problems).toEqual([]);
      expect(checked).toBeGreaterThan(40);
    });
  }
});
