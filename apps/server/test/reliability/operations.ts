/**
 * The endpoints the hostile-input suite attacks, read from the server's own OpenAPI document
 * (generated from the route table of @ranwal/core), plus the two file routes the document hides.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

/** The tables the suite models; path segments and `*_id` fields name them. */
export type Table =
  | 'app_user'
  | 'program'
  | 'action'
  | 'sub_action'
  | 'activity'
  | 'subtitle'
  | 'account'
  | 'supporter'
  | 'detail_program'
  | 'article'
  | 'upload';

export type WriteKind =
  | 'create'
  | 'update'
  | 'delete'
  | 'import'
  | 'upload'
  | 'view'
  | 'sign-in'
  | 'password'
  | 'read';

export interface Parameter {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface Operation {
  /** `POST /ranwal/api/program/create`: the same key the authorization table uses. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI path, with `{param}` segments. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** application/json request body. */
  body?: JsonSchema;
  /** multipart/form-data request body. */
  multipart?: JsonSchema;
  secured: boolean;
  /** The table a create, update, delete or view writes to, or a path id reads from. */
  table?: Table;
  kind: WriteKind;
  /** Routes the OpenAPI document hides (file downloads): answered with bytes, not JSON. */
  hidden?: true;
}

const segmentTables: Record<string, Table> = {
  user: 'app_user',
  program: 'program',
  action: 'action',
  'sub-action': 'sub_action',
  activity: 'activity',
  subtitle: 'subtitle',
  account: 'account',
  supporter: 'supporter',
  'detail-program': 'detail_program',
  article: 'article',
  uploads: 'upload',
  'upload-file': 'upload',
};

/** The table a body field or query parameter holding an id refers to. */
export function tableOfIdField(field: string, operation: Operation): Table | undefined {
  const fields: Record<string, Table> = {
    program_id: 'program',
    action_id: 'action',
    sub_action_id: 'sub_action',
    activity_id: 'activity',
    subtitle_id: 'subtitle',
    account_id: 'account',
    supporter_id: 'supporter',
    line_id: 'detail_program',
  };
  if (field in fields) return fields[field];
  if (field === 'uuid') {
    // A child list's `uuid` is its parent's id.
    const parents: Partial<Record<Table, Table>> = {
      action: 'program',
      sub_action: 'action',
      activity: 'sub_action',
      subtitle: 'activity',
      account: 'subtitle',
    };
    return operation.table ? parents[operation.table] : undefined;
  }
  if (field === 'id' || field === 'slug') return operation.table;
  return undefined;
}

function kindOf(method: string, path: string): WriteKind {
  const last = path.split('/').at(-1) ?? '';
  if (last === 'create') return 'create';
  if (last === 'update') return 'update';
  if (last === 'delete') return 'delete';
  if (last === 'hierarchy') return method === 'GET' ? 'read' : 'import';
  if (last === 'upload-file') return 'upload';
  if (last === 'sign-in') return 'sign-in';
  if (last === 'password') return 'password';
  if (method === 'GET' && /\/article\/\{slug\}\/get$/.test(path)) return 'view';
  return 'read';
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
}

/** Every operation of the OpenAPI document, plus the hidden file routes. */
export function operationsOf(document: {
  paths: Record<string, Record<string, OpenApiOperation>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [lowerMethod, spec] of Object.entries(methods)) {
      const method = lowerMethod.toUpperCase() as Operation['method'];
      if (!['GET', 'POST', 'PUT', 'DELETE'].includes(method)) continue;
      const parameters = spec.parameters ?? [];
      const pick = (where: string) =>
        parameters
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, schema: p.schema, required: Boolean(p.required) }));
      const segment = path.replace(/^\/ranwal(\/api)?\//, '').split('/')[0] ?? '';
      const content = spec.requestBody?.content ?? {};
      operations.push({
        key: `${method} ${path}`,
        method,
        path,
        pathParams: pick('path'),
        query: pick('query'),
        body: content['application/json']?.schema,
        multipart: content['multipart/form-data']?.schema,
        secured: Boolean(spec.security?.length),
        table: segmentTables[segment],
        kind: kindOf(method, path),
      });
    }
  }
  const uuid: JsonSchema = { type: 'string', format: 'uuid' };
  operations.push(
    {
      key: 'GET /ranwal/api/uploads/{id}',
      method: 'GET',
      path: '/ranwal/api/uploads/{id}',
      pathParams: [{ name: 'id', schema: uuid, required: true }],
      query: [],
      secured: false,
      table: 'upload',
      kind: 'read',
      hidden: true,
    },
    {
      key: 'GET /ranwal/api/detail-program/report/file',
      method: 'GET',
      path: '/ranwal/api/detail-program/report/file',
      pathParams: [],
      query: [{ name: 'token', schema: { type: 'string' }, required: true }],
      secured: false,
      kind: 'read',
      hidden: true,
    },
  );
  return operations;
}
