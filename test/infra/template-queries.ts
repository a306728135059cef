import type { Template } from 'aws-cdk-lib/assertions';

/** The logical ids of one resource type, with their properties. */
export function resourcesOfType(template: Template, type: string): [string, Record<string, unknown>][] {
  return Object.entries(template.findResources(type)).map(([id, resource]) => [id, resource.Properties ?? {}]);
}

/** The one resource of a type (among those `where` accepts), as [logical id, properties]; fails otherwise. */
export function onlyResource(
  template: Template,
  type: string,
  where: (id: string, properties: Record<string, unknown>) => boolean = () => true,
): [string, Record<string, unknown>] {
  const found = resourcesOfType(template, type).filter(([id, properties]) => where(id, properties));
  const [first] = found;
  if (found.length !== 1 || !first) throw new Error(`Expected one ${type}, found ${found.length}`);
  return first;
}
