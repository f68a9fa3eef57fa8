import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Badge } from '../../../components/ui/badge';
import { Page, PageHeader } from '../../../components/ui/page';
import { QueryState } from '../../../components/ui/query-state';
import { apiGet } from '../../../lib/api-client';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  default?: unknown;
  description?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  format?: string;
};
const OperationSchema = z.object({
  tags: z.array(z.string()),
  summary: z.string(),
  'x-access': z.enum(['public', 'user', 'admin', 'founder']),
  parameters: z.array(z.object({ name: z.string(), in: z.string(), required: z.boolean(), schema: z.unknown() })),
  /** By media type: `application/json`, or `multipart/form-data` for the photo uploads. */
  requestBody: z.object({ content: z.record(z.string(), z.object({ schema: z.unknown() })) }).optional(),
  responses: z.record(z.string(), z.object({ description: z.string(), content: z.unknown().optional() })),
});
const DocumentSchema = z.object({
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), OperationSchema)),
});

function typeOf(s: JsonSchema | undefined): string {
  if (!s) return 'any';
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.anyOf) return s.anyOf.map(typeOf).join(' | ');
  // A form's file field: its bytes, not a text.
  if (s.type === 'string' && s.format === 'binary') return 'file';
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'object');
  return t === 'array' ? `${typeOf(s.items)}[]` : t;
}

function Fields({ schema }: { schema: JsonSchema }) {
  const props = Object.entries(schema.properties ?? {});
  if (!props.length) return <code className="text-xs">{typeOf(schema)}</code>;
  return (
    <ul className="space-y-0.5 font-mono text-xs">
      {props.map(([k, v]) => (
        <li key={k}>
          <span className="text-fg">{k}</span>: <span className="text-muted">{typeOf(v)}</span>
          {v.default !== undefined && <span className="text-subtle"> = {JSON.stringify(v.default)}</span>}
        </li>
      ))}
    </ul>
  );
}

/** Text with `code` spans (the document's descriptions use Markdown backticks). */
function Inline({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, i) =>
        i % 2 ? (
          <code key={i} className="font-mono text-[0.9em] text-fg">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

const ACCESS: Record<string, { label: string; tone: 'neutral' | 'accent' | 'warm' }> = {
  public: { label: 'public', tone: 'neutral' },
  user: { label: 'signed in', tone: 'accent' },
  admin: { label: 'admin', tone: 'warm' },
  founder: { label: 'founder', tone: 'warm' },
};

/** /api-reference: the OpenAPI document of /api/openapi.json, readable. */
export function ApiReferenceView() {
  const doc = useQuery({
    queryKey: ['openapi'],
    queryFn: ({ signal }) => apiGet('/api/openapi.json', DocumentSchema, { signal }),
    staleTime: Infinity,
  });
  const ops = Object.entries(doc.data?.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );
  const tags = [...new Set(ops.map((o) => o.op.tags[0] ?? 'other'))];
  return (
    <Page title="API Reference">
      <PageHeader
        title="API Reference"
        lead={<Inline text={doc.data?.info.description ?? 'The Vision Terminal API.'} />}
      >
        <p className="mt-3 text-sm">
          <a href="/api/openapi.json" className="text-accent hover:underline">
            Download openapi.json
          </a>
          {doc.data && <span className="text-subtle"> · version {doc.data.info.version}</span>}
        </p>
      </PageHeader>
      <QueryState query={doc} loading="Loading API reference...">
        {() =>
          tags.map((tag) => (
            <section key={tag} aria-labelledby={`tag-${tag}`} className="mb-10">
              <h2 id={`tag-${tag}`} className="mb-3 text-lg font-semibold capitalize">
                {tag}
              </h2>
              <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
                {ops
                  .filter((o) => (o.op.tags[0] ?? 'other') === tag)
                  .map(({ path, method, op }) => {
                    const query = op.parameters.filter((p) => p.in === 'query');
                    const [bodyType, body] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
                    const okStatus = Object.keys(op.responses).find((s) => s.startsWith('2'))!;
                    const ok = (
                      op.responses[okStatus]?.content as { 'application/json'?: { schema: JsonSchema } } | undefined
                    )?.['application/json']?.schema;
                    return (
                      <li key={`${method} ${path}`} className="px-5 py-4" data-testid="api-operation">
                        <div className="flex flex-wrap items-center gap-2">
                          <span className="w-16 font-mono text-xs font-bold text-accent uppercase">{method}</span>
                          <code className="font-mono text-sm break-all">{path}</code>
                          <Badge tone={ACCESS[op['x-access']]!.tone}>{ACCESS[op['x-access']]!.label}</Badge>
                        </div>
                        <p className="mt-1.5 text-sm text-muted">
                          <Inline text={op.summary} />
                        </p>
                        <div className="mt-3 grid gap-4 text-sm md:grid-cols-3">
                          {query.length > 0 && (
                            <div>
                              <h3 className="mb-1 text-xs tracking-wide text-subtle uppercase">Query</h3>
                              <Fields
                                schema={{
                                  properties: Object.fromEntries(query.map((p) => [p.name, p.schema as JsonSchema])),
                                }}
                              />
                            </div>
                          )}
                          {body && (
                            <div>
                              <h3 className="mb-1 text-xs tracking-wide text-subtle uppercase">
                                {bodyType === 'application/json' ? 'Body' : `Body (${bodyType})`}
                              </h3>
                              <Fields schema={body.schema as JsonSchema} />
                            </div>
                          )}
                          {ok && (
                            <div>
                              <h3 className="mb-1 text-xs tracking-wide text-subtle uppercase">Response {okStatus}</h3>
                              <Fields schema={ok} />
                            </div>
                          )}
                        </div>
                        <p className="mt-2 text-xs text-subtle">
                          Errors:{' '}
                          {Object.keys(op.responses)
                            .filter((s) => !s.startsWith('2'))
                            .join(', ') || 'none'}
                        </p>
                      </li>
                    );
                  })}
              </ul>
            </section>
          ))
        }
      </QueryState>
    </Page>
  );
}
