import http, { type IncomingMessage } from 'node:http';

/** One Server-Sent Event as a client sees it; `data` parsed as JSON. */
export type SseEvent = { event: string; id: string | null; data: any };

export type SseClient = {
  status: number;
  /** Every event received so far, in order. */
  events: SseEvent[];
  /** The next event (after those already taken) that matches, within `ms`; throws on timeout. */
  next(match?: (e: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  /** Waits `ms` and returns the events that arrived meanwhile (not yet taken). */
  idle(ms: number): Promise<SseEvent[]>;
  /** Whether the server ended the stream. */
  ended(): boolean;
  close(): void;
};

/**
 * A Server-Sent Events client reading the body as it arrives (what a browser's EventSource does,
 * without its reconnection). A non-200 answer is read as JSON into `error`.
 */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient & { error?: any }> {
  // A connection of its own (no pool), closed with the client: nothing is left open for the server to wait for.
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    http.get(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } }, resolve).on('error', reject);
  });
  const events: SseEvent[] = [];
  let taken = 0;
  let done = false;
  let wake: () => void = () => {};
  const status = res.statusCode ?? 0;
  if (status !== 200) {
    let text = '';
    for await (const chunk of res) text += chunk;
    return {
      status,
      error: text ? JSON.parse(text) : null,
      events,
      next: () => Promise.reject(new Error('no stream')),
      idle: async () => [],
      ended: () => true,
      close: () => {},
    };
  }
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const fields = { event: 'message', id: null as string | null, data: [] as string[] };
      for (const line of block.split('\n')) {
        if (line.startsWith(':') || line === '') continue;
        const [name, ...rest] = line.split(':');
        const value = rest.join(':').replace(/^ /, '');
        if (name === 'event') fields.event = value;
        else if (name === 'id') fields.id = value;
        else if (name === 'data') fields.data.push(value);
      }
      if (fields.data.length > 0) events.push({ event: fields.event, id: fields.id, data: JSON.parse(fields.data.join('\n')) });
      wake();
    }
  });
  res.on('close', () => {
    done = true;
    wake();
  });

  const next = (match: (e: SseEvent) => boolean = () => true, ms = 1000) =>
    new Promise<SseEvent>((resolve, reject) => {
      const timer = setTimeout(() => {
        wake = () => {};
        reject(new Error(`no matching event within ${ms} ms`));
      }, ms);
      const look = () => {
        while (taken < events.length) {
          const e = events[taken++] as SseEvent;
          if (match(e)) {
            clearTimeout(timer);
            wake = () => {};
            resolve(e);
            return;
          }
        }
        wake = done ? () => {} : look;
      };
      look();
    });
  return {
    status,
    events,
    next,
    async idle(ms) {
      await new Promise((r) => setTimeout(r, ms));
      const fresh = events.slice(taken);
      taken = events.length;
      return fresh;
    },
    ended: () => done,
    close: () => res.destroy(),
  };
}
