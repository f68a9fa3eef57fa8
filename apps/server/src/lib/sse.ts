import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** One open Server-Sent Events response. `write` is a no-op once the stream has ended. */
export type EventStream = {
  /** Sends one event; `id` lets the browser resume with Last-Event-ID. */
  send(event: string, data: string, id?: number): void;
  end(): void;
  readonly ended: boolean;
};

/**
 * Server-Sent Events for one app: every stream it opened is ended before the server closes (an event stream never
 * ends on its own, so close would wait forever; browsers reconnect to another process or to this one restarted).
 */
export function eventStreams(app: FastifyInstance, opts: { heartbeatMs: number; retryMs: number }) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  /** Takes over the reply; `onEnd` runs once, when the client leaves, the server closes or `end()` is called. */
  return function openEventStream(request: FastifyRequest, reply: FastifyReply, onEnd: () => void): EventStream {
    const raw = reply.raw;
    let ended = false;
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), opts.heartbeatMs);
    const end = () => {
      if (ended) return;
      ended = true;
      open.delete(end);
      clearInterval(heartbeat);
      onEnd();
      raw.end();
    };
    request.raw.on('close', end);
    open.add(end);

    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies such as nginx would otherwise buffer the stream and deliver it all at once.
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    raw.write(`retry: ${opts.retryMs}\n\n`);
    return {
      send(event, data, id) {
        if (ended) return;
        raw.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${data}\n\n`);
      },
      end,
      get ended() {
        return ended;
      },
    };
  };
}
