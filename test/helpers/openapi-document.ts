import type { FastifyInstance } from 'fastify';

// The served OpenAPI document as the tests read it: its operations, and its `$ref`s followed.

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface Operation {
  method: (typeof HTTP_METHODS)[number];
  /** The path as the document writes it, `{param}` and all. */
  path: string;
  op: any;
}

export interface ServedDocument {
  doc: any;
  operations: Operation[];
  /** Follows a local `$ref` (components) until it reaches a value. */
  deref(value: any): any;
}

/** GET /api/openapi.json from `app`, with its operations listed. */
export async function servedDocument(app: FastifyInstance): Promise<ServedDocument> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
  const doc = res.json();
  const operations = Object.entries<any>(doc.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({ method, path, op: item[method] })),
  );
  const deref = (value: any): any => {
    if (typeof value?.$ref !== 'string') return value;
    const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(value.$ref) ?? [];
    const target = section ? doc.components?.[section]?.[name] : undefined;
    if (target === undefined) throw new Error(`unresolved $ref ${value.$ref}`);
    return deref(target);
  };
  return { doc, operations, deref };
}
