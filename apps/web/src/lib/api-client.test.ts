import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorMessage, apiGet, ApiRequestError, attachmentName, authEventFor } from './api-client';
import { onAuthEvent, type AuthEvent } from './auth-events';

describe('apiErrorMessage', () => {
  it('uses the spec text, then the server message', () => {
    expect(apiErrorMessage(404, null)).toBe('API request failed: 404');
    expect(apiErrorMessage(500, 'Database down')).toBe('API request failed: 500 — Database down');
    expect(apiErrorMessage(0, null)).toBe('API request failed: network error');
  });
});

describe('authEventFor', () => {
  it('separates a dead session from a plain 401', () => {
    expect(authEventFor(401, 'session_expired')).toBe('session_expired');
    expect(authEventFor(401, 'unauthorized')).toBe('unauthorized');
    expect(authEventFor(401, null)).toBe('unauthorized');
    expect(authEventFor(403, 'forbidden')).toBeNull();
  });
});

describe('attachmentName', () => {
  it('takes the server’s download name, never a path', () => {
    expect(attachmentName('attachment; filename="evidence-report-a1b2c3d4.pdf"')).toBe('evidence-report-a1b2c3d4.pdf');
    expect(attachmentName('attachment; filename="../x.pdf"')).toBeNull();
    expect(attachmentName('inline')).toBeNull();
    expect(attachmentName(null)).toBeNull();
  });
});

describe('apiGet against a real HTTP server', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url === '/ok') return send(200, { n: 3 });
      if (req.url === '/wrong-shape') return send(200, { n: 'three' });
      if (req.url === '/expired')
        return send(401, { error: { code: 'session_expired', message: 'Your session has expired.' } });
      if (req.url === '/html') {
        res.writeHead(502, { 'content-type': 'text/html' });
        return res.end('<h1>Bad gateway</h1>');
      }
      return send(404, { error: { code: 'not_found', message: 'No route for GET ' + req.url } });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const schema = z.object({ n: z.number() });

  it('parses a good answer with the schema', async () => {
    await expect(apiGet(`${base}/ok`, schema)).resolves.toEqual({ n: 3 });
  });

  it('rejects an answer that breaks the contract', async () => {
    await expect(apiGet(`${base}/wrong-shape`, schema)).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('raises the spec message with the server text', async () => {
    const error = await apiGet(`${base}/missing`, schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('API request failed: 404 — No route for GET /missing');
  });

  it('copes with a non-JSON error body', async () => {
    await expect(apiGet(`${base}/html`, schema)).rejects.toThrow(/^API request failed: 502$/);
  });

  it('announces session_expired, unless the caller opts out', async () => {
    const seen: AuthEvent[] = [];
    const stop = onAuthEvent((e) => seen.push(e));
    await apiGet(`${base}/expired`, schema).catch(() => undefined);
    await apiGet(`${base}/expired`, schema, { reportAuthErrors: false }).catch(() => undefined);
    stop();
    expect(seen).toEqual(['session_expired']);
  });

  it('reports an unreachable server as a network error', async () => {
    await expect(apiGet('http://127.0.0.1:1/nothing', schema)).rejects.toMatchObject({
      status: 0,
      message: 'API request failed: network error — The server could not be reached.',
    });
  });
});
