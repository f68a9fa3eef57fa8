import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';

/**
 * A local stand-in for an OpenAI-compatible vision API (OpenAI, vLLM): a real HTTP server on 127.0.0.1 that
 * implements POST /v1/chat/completions and GET /v1/models. Each test scripts what the next requests get;
 * when the script runs out, the default reply is used. Requests are recorded for assertions.
 */

export type FakeReply =
  /** A chat completion whose message content is this object as JSON (a structured answer). */
  | { kind: 'json'; answer: unknown }
  /** A chat completion with free text. */
  | { kind: 'text'; content: string }
  /** An HTTP error with an OpenAI-style error body. */
  | { kind: 'status'; status: number; message?: string; headers?: Record<string, string> }
  /** Waits, then gives `then` (or nothing if the client hung up). */
  | { kind: 'slow'; delayMs: number; then: FakeReply }
  /** 400 about response_format when the request asks for one of these types, else `then`. */
  | { kind: 'refuse-format'; types: string[]; then: FakeReply }
  /** Like OpenAI's reasoning models: 400 for `max_tokens` or `temperature` in the request, else `then`. */
  | { kind: 'refuse-params'; then: FakeReply }
  /** A 200 whose body is not JSON. */
  | { kind: 'garbage'; body: string };

export type RecordedRequest = {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    temperature?: number;
    max_tokens?: number;
    max_completion_tokens?: number;
    messages?: Array<{ role: string; content: unknown }>;
    response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
  };
};

export type FakeVisionServer = {
  /** Base URL to configure as VISION_API_BASE_URL (ends in /v1). */
  baseUrl: string;
  port: number;
  requests: RecordedRequest[];
  /** Queues replies for the next requests, in order. */
  script(...replies: FakeReply[]): void;
  /** The reply once the script is used up. */
  setDefault(reply: FakeReply): void;
  reset(): void;
  close(): Promise<void>;
};

/** A structured answer for one place, in the shape the engine asks for. */
export function structuredAnswer(
  place: { lat: number; lng: number; name: string; neighbourhood?: string | null; probability?: number },
  extra: {
    features?: string[];
    reasoning?: string[];
    more?: Array<{ lat: number; lng: number; name: string; probability: number }>;
  } = {},
) {
  return {
    candidates: [
      {
        lat: place.lat,
        lng: place.lng,
        probability: place.probability ?? 0.8,
        name: place.name,
        neighbourhood: place.neighbourhood ?? null,
      },
      ...(extra.more ?? []).map((m) => ({ ...m, neighbourhood: null })),
    ],
    neighbourhood: place.neighbourhood ?? null,
    visual_features: extra.features ?? ['art deco facade', 'palm trees'],
    reasoning_steps: extra.reasoning ?? [
      'The facade style is typical of the area.',
      'A street sign is partly readable.',
    ],
    answer: `${place.name}.\nCoordinates: ${place.lat.toFixed(4)}, ${place.lng.toFixed(4)}`,
  };
}

const completion = (model: string, content: string) => ({
  id: `chatcmpl-fake-${Date.now()}`,
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model,
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
});

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export async function startFakeVisionServer(
  opts: { port?: number; apiKey?: string; model?: string; defaultReply?: FakeReply } = {},
): Promise<FakeVisionServer> {
  const queue: FakeReply[] = [];
  const initialDefault: FakeReply = opts.defaultReply ?? { kind: 'text', content: 'I cannot tell where this is.' };
  let fallback = initialDefault;
  const requests: RecordedRequest[] = [];
  const model = opts.model ?? 'fake-vision-1';

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  const answer = async (
    reply: FakeReply,
    req: IncomingMessage,
    res: ServerResponse,
    body: RecordedRequest['body'],
  ): Promise<void> => {
    switch (reply.kind) {
      case 'json':
        return send(res, 200, completion(body.model ?? model, JSON.stringify(reply.answer)));
      case 'text':
        return send(res, 200, completion(body.model ?? model, reply.content));
      case 'garbage':
        return send(res, 200, reply.body);
      case 'status':
        return send(
          res,
          reply.status,
          { error: { message: reply.message ?? `fake error ${reply.status}`, type: 'fake_error', code: reply.status } },
          reply.headers,
        );
      case 'refuse-format': {
        const type = body.response_format?.type;
        if (type && reply.types.includes(type)) {
          return send(res, 400, {
            error: {
              message: `response_format type '${type}' is not supported by this server`,
              type: 'invalid_request_error',
            },
          });
        }
        return answer(reply.then, req, res, body);
      }
      case 'refuse-params': {
        const invalid = (message: string) =>
          send(res, 400, { error: { message, type: 'invalid_request_error', code: 'unsupported_parameter' } });
        if (body.max_tokens !== undefined) {
          return invalid(
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          );
        }
        if (body.temperature !== undefined) {
          return invalid(
            "Unsupported value: 'temperature' does not support 0.1 with this model. Only the default (1) value is supported.",
          );
        }
        return answer(reply.then, req, res, body);
      }
      case 'slow': {
        const gone = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), reply.delayMs);
          res.once('close', () => {
            clearTimeout(timer);
            resolve(true);
          });
        });
        if (!gone) return answer(reply.then, req, res, body);
        return;
      }
    }
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0]!;
      if (req.method === 'GET' && path === '/v1/models')
        return send(res, 200, { object: 'list', data: [{ id: model, object: 'model' }] });
      if (req.method !== 'POST' || path !== '/v1/chat/completions')
        return send(res, 404, { error: { message: 'not found' } });
      const raw = await readBody(req);
      let body: RecordedRequest['body'];
      try {
        body = JSON.parse(raw);
      } catch {
        return send(res, 400, { error: { message: 'body is not JSON' } });
      }
      requests.push({ path, authorization: req.headers.authorization, body });
      if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
        return send(res, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
      }
      if (!Array.isArray(body.messages) || body.messages.length === 0)
        return send(res, 400, { error: { message: 'messages is required' } });
      return answer(queue.shift() ?? fallback, req, res, body);
    })().catch((error) => send(res, 500, { error: { message: String(error) } }));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    script: (...replies) => queue.push(...replies),
    setDefault: (reply) => (fallback = reply),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      fallback = initialDefault;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * CLI for end-to-end runs (e.g. Playwright's webServer):
 * `npx tsx apps/server/src/test/fake-vision-server.ts --port 4010 [--answer structured|text]`.
 * The structured answer names the Freedom Tower in downtown Miami; the text answer gives a Coordinates line.
 */
async function main(): Promise<void> {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const freedomTower = {
    lat: 25.7795,
    lng: -80.1897,
    name: 'Freedom Tower',
    neighbourhood: 'Downtown',
    probability: 0.7,
  };
  const defaultReply: FakeReply =
    arg('answer') === 'text'
      ? {
          kind: 'text',
          content: `This looks like the Freedom Tower in downtown Miami.\nCoordinates: ${freedomTower.lat}, ${freedomTower.lng}`,
        }
      : { kind: 'json', answer: structuredAnswer(freedomTower) };
  const fake = await startFakeVisionServer({ port: Number(arg('port') ?? 4010), defaultReply });
  console.log(`fake vision API listening at ${fake.baseUrl}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
