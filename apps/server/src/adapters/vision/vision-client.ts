import { describeAnalysisError, type AnalysisErrorResult } from '../../lib/analysis-errors';

/**
 * A client for any OpenAI-compatible chat-completions API with image input (OpenAI, vLLM, llama.cpp server,
 * Ollama's /v1, LM Studio…). It asks for structured output and steps down to `json_object`, then to plain
 * text, when a server says it does not support the stronger format; the step-down is remembered per client.
 * It never logs or returns the API key or the image bytes.
 */

export type VisionClientOptions = {
  /** e.g. https://api.openai.com/v1 or http://gpu-box:8000/v1 (the path up to /chat/completions). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Per attempt; the caller's signal bounds the whole call. */
  timeoutMs?: number;
  maxAttempts?: number;
  /** First backoff; doubles per retry, plus up to the same again as jitter. */
  backoffBaseMs?: number;
  /** A Retry-After longer than this is not waited for: the call fails as rate-limited instead. */
  maxRetryAfterMs?: number;
  temperature?: number;
  maxTokens?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

export type ResponseFormatKind = 'json_schema' | 'json_object' | 'text';

export type VisionRequest = {
  system: string;
  prompt: string;
  image: { bytes: Buffer; mimeType: string };
  /** JSON schema of the wanted answer; used with `response_format: json_schema`. */
  schema?: { name: string; schema: Record<string, unknown> };
  signal?: AbortSignal;
};

export type VisionResponse = {
  content: string;
  /** The model that answered, as the server names it. */
  model: string;
  format: ResponseFormatKind;
  attempts: number;
  durationMs: number;
};

/** A failed call, already mapped to the spec's error table (R-ANALYSIS-6). `status` is the HTTP status, if any. */
export class VisionApiError extends Error {
  readonly kind: AnalysisErrorResult['kind'];
  readonly canRetry: boolean;
  constructor(
    readonly described: AnalysisErrorResult,
    readonly status: number | undefined,
    /** What the server or the network said, for logs (never contains the key or the image). */
    readonly detail: string,
    readonly attempts: number,
  ) {
    super(described.message);
    this.name = 'VisionApiError';
    this.kind = described.kind;
    this.canRetry = described.canRetry;
  }
}

const DEFAULTS = {
  timeoutMs: 60_000,
  maxAttempts: 3,
  backoffBaseMs: 500,
  maxRetryAfterMs: 30_000,
  temperature: 0.1,
  maxTokens: 1500,
};

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** A 400 that complains about the requested response format (wording differs between servers). */
const rejectsFormat = (status: number, body: string) =>
  (status === 400 || status === 422) && /response_format|json_schema|json_object|structured output|guided/i.test(body);

const isTimeout = (error: unknown) => {
  const name = (error as { name?: string })?.name;
  return name === 'TimeoutError';
};

export class VisionClient {
  private readonly opts: Required<Omit<VisionClientOptions, 'apiKey'>> & { apiKey: string | undefined };
  /** The strongest format this server accepted; lowered when it refuses one, so later calls skip the refusal. */
  private format: ResponseFormatKind = 'json_schema';
  /**
   * Some models refuse sampling settings (OpenAI's reasoning models take no `temperature` and want
   * `max_completion_tokens`); what a server refused once is left out of later calls.
   */
  private params = { temperature: true, tokensField: 'max_tokens' as 'max_tokens' | 'max_completion_tokens' };

  constructor(options: VisionClientOptions) {
    this.opts = {
      ...DEFAULTS,
      fetch: globalThis.fetch,
      sleep: defaultSleep,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      apiKey: options.apiKey,
    };
  }

  get model(): string {
    return this.opts.model;
  }

  async complete(req: VisionRequest): Promise<VisionResponse> {
    const started = performance.now();
    let attempts = 0;
    let format: ResponseFormatKind = req.schema ? this.format : 'json_object';
    for (;;) {
      attempts++;
      const outcome = await this.attempt(req, format, attempts);
      if (outcome.kind === 'ok') {
        return { ...outcome.value, format, attempts, durationMs: Math.round(performance.now() - started) };
      }
      if (outcome.kind === 'param-refused') {
        attempts--;
        continue;
      }
      if (outcome.kind === 'format-refused' && format !== 'text') {
        // A format refusal is an answer, not a failure: it does not use up an attempt.
        attempts--;
        format = format === 'json_schema' ? 'json_object' : 'text';
        if (req.schema) this.format = format;
        continue;
      }
      const error = outcome.error;
      if (outcome.kind !== 'retryable' || attempts >= this.opts.maxAttempts) throw error;
      const backoff = this.opts.backoffBaseMs * 2 ** (attempts - 1);
      const jittered = backoff + Math.random() * backoff;
      let waitMs = jittered;
      if (outcome.retryAfterMs !== undefined) {
        if (outcome.retryAfterMs > this.opts.maxRetryAfterMs) throw error;
        waitMs = Math.max(outcome.retryAfterMs, 0);
      }
      try {
        await this.opts.sleep(waitMs, req.signal);
      } catch {
        throw this.fail(
          { kind: 'timeout', message: 'The vision model call was cancelled while waiting to retry.' },
          undefined,
          'aborted during backoff',
          attempts,
        );
      }
    }
  }

  private async attempt(
    req: VisionRequest,
    format: ResponseFormatKind,
    attempt: number,
  ): Promise<
    | { kind: 'ok'; value: { content: string; model: string } }
    | { kind: 'format-refused'; error: VisionApiError }
    | { kind: 'param-refused' }
    | { kind: 'retryable'; error: VisionApiError; retryAfterMs?: number }
    | { kind: 'final'; error: VisionApiError }
  > {
    const signals = [AbortSignal.timeout(this.opts.timeoutMs), ...(req.signal ? [req.signal] : [])];
    const signal = AbortSignal.any(signals);
    let response: Response;
    let text: string;
    try {
      response = await this.opts.fetch(`${this.opts.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {}),
        },
        body: JSON.stringify(this.body(req, format)),
        signal,
      });
      text = await response.text();
    } catch (error) {
      if (isTimeout(error) || signal.aborted) {
        return {
          kind: 'final',
          error: this.fail({ kind: 'timeout' }, undefined, `no answer within ${this.opts.timeoutMs} ms`, attempt),
        };
      }
      // Connection refused/reset: the server may be restarting; worth another try.
      const detail = String(
        (error as { cause?: { code?: string } })?.cause?.code ?? (error as Error)?.message ?? error,
      );
      return { kind: 'retryable', error: this.fail({ kind: 'network' }, undefined, detail, attempt) };
    }

    if (!response.ok) {
      const detail = `HTTP ${response.status}: ${errorText(text)}`;
      if (response.status === 400 && this.adaptParams(text)) return { kind: 'param-refused' };
      if (rejectsFormat(response.status, text) && format !== 'text') {
        return {
          kind: 'format-refused',
          error: this.fail({ kind: 'http', status: response.status }, response.status, detail, attempt),
        };
      }
      const error = this.fail(
        { kind: 'http', status: response.status, message: errorText(text) },
        response.status,
        detail,
        attempt,
      );
      if (response.status === 429 || response.status >= 500) {
        return { kind: 'retryable', error, retryAfterMs: parseRetryAfterMs(response.headers.get('retry-after')) };
      }
      return { kind: 'final', error };
    }

    let parsed: { model?: unknown; choices?: Array<{ message?: { content?: unknown; refusal?: unknown } }> };
    try {
      parsed = JSON.parse(text);
    } catch {
      return {
        kind: 'final',
        error: new VisionApiError(
          { kind: 'other', message: 'Invalid response format from server', canRetry: true },
          response.status,
          'the chat-completions answer was not JSON',
          attempt,
        ),
      };
    }
    const message = parsed.choices?.[0]?.message;
    const content = contentText(message?.content);
    if (content === null) {
      const refusal = typeof message?.refusal === 'string' ? message.refusal : null;
      return {
        kind: 'final',
        error: new VisionApiError(
          { kind: 'other', message: 'Invalid response format from server', canRetry: true },
          response.status,
          refusal ? `the model refused: ${refusal.slice(0, 200)}` : 'the answer had no message content',
          attempt,
        ),
      };
    }
    return { kind: 'ok', value: { content, model: typeof parsed.model === 'string' ? parsed.model : this.opts.model } };
  }

  /** Drops a setting the server named as unsupported; true when there was one to drop. */
  private adaptParams(body: string): boolean {
    const text = errorText(body);
    if (!/unsupported|not supported|does not support|unrecognized|unknown/i.test(text)) return false;
    if (this.params.tokensField === 'max_tokens' && /max_tokens/.test(text)) {
      this.params.tokensField = 'max_completion_tokens';
      return true;
    }
    if (this.params.temperature && /temperature/i.test(text)) {
      this.params.temperature = false;
      return true;
    }
    return false;
  }

  private body(req: VisionRequest, format: ResponseFormatKind): Record<string, unknown> {
    const imageUrl = `data:${req.image.mimeType};base64,${req.image.bytes.toString('base64')}`;
    return {
      model: this.opts.model,
      ...(this.params.temperature ? { temperature: this.opts.temperature } : {}),
      [this.params.tokensField]: this.opts.maxTokens,
      messages: [
        { role: 'system', content: req.system },
        {
          role: 'user',
          content: [
            { type: 'text', text: req.prompt },
            { type: 'image_url', image_url: { url: imageUrl } },
          ],
        },
      ],
      ...(format === 'json_schema' && req.schema
        ? {
            response_format: {
              type: 'json_schema',
              json_schema: { name: req.schema.name, schema: req.schema.schema, strict: true },
            },
          }
        : format === 'json_object'
          ? { response_format: { type: 'json_object' } }
          : {}),
    };
  }

  private fail(
    cause: Parameters<typeof describeAnalysisError>[0],
    status: number | undefined,
    detail: string,
    attempts: number,
  ): VisionApiError {
    return new VisionApiError(describeAnalysisError(cause), status, detail, attempts);
  }
}

/** The server's error message from an OpenAI-style `{error: {message}}` body, else the start of the text. */
function errorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown; detail?: unknown };
    if (typeof parsed.error === 'string') return parsed.error.slice(0, 300);
    if (parsed.error && typeof parsed.error.message === 'string') return parsed.error.message.slice(0, 300);
    if (typeof parsed.message === 'string') return parsed.message.slice(0, 300);
    if (typeof parsed.detail === 'string') return parsed.detail.slice(0, 300);
  } catch {
    // not JSON: fall through to the raw text
  }
  return body.slice(0, 300);
}

/** Message content as text: a string, or the text parts of a content array (some servers answer that way). */
function contentText(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const parts = content
      .map((p) =>
        p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string'
          ? (p as { text: string }).text
          : '',
      )
      .filter(Boolean);
    return parts.length ? parts.join('\n') : null;
  }
  return null;
}
