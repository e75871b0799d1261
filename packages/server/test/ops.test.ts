// What operators rely on: security headers, caching and compression of the app, /metrics in
// Prometheus text, /api/health's status codes, one JSON error shape with no internal text in it,
// JSON logs with request ids and no secrets, and a client address that a client cannot forge.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  LocalBus,
  logLevelFrom,
  MOVE_BUCKETS_MS,
  SqliteStore,
  trustProxyFrom,
  type DamaServer,
  type Health,
  type ServerOptions,
} from '../src/index.ts';
import { linkGame } from './records.ts';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One HTTP exchange as it is on the wire: no decompression, any method, any header. */
function raw(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const json = (r: Raw): unknown => JSON.parse(r.body.toString('utf8'));

/** A refusal in the one shape the API has: status, JSON, `{ error: { code, message } }` and nothing else. */
function expectRefusal(r: Raw, status: number, code: string): { code: string; message: string } {
  expect(r.status).toBe(status);
  expect(r.headers['content-type']).toMatch(/^application\/json/);
  const body = json(r) as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(Object.keys(body.error).sort()).toEqual(['code', 'message']);
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error;
}

const servers: DamaServer[] = [];
const dirs: string[] = [];

async function serve(opts: Partial<ServerOptions> = {}, before?: (s: DamaServer) => void) {
  const server = await buildServer({ store: new SqliteStore(':memory:'), bus: new LocalBus(), ...opts });
  before?.(server);
  servers.push(server);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = server.app.server.address();
  return { server, base: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` };
}

/** Log lines as the JSON objects pino writes, one per line. */
function logSink() {
  const lines: Record<string, unknown>[] = [];
  const text: string[] = [];
  const waiting: { pred: (l: Record<string, unknown>) => boolean; resolve: () => void }[] = [];
  return {
    lines,
    text,
    /** Resolves once a line that `pred` accepts has been written (the test's own timeout bounds it). */
    until(pred: (l: Record<string, unknown>) => boolean): Promise<void> {
      if (lines.some(pred)) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ pred, resolve }));
    },
    stream: {
      write(line: string) {
        text.push(line);
        for (const l of line.split('\n')) {
          if (!l.trim()) continue;
          const obj = JSON.parse(l) as Record<string, unknown>;
          lines.push(obj);
          for (const w of waiting.filter((w) => w.pred(obj))) w.resolve();
        }
      },
    },
  };
}

const HEALTH: Health = {
  status: 'ready',
  db: 'up',
  bus: 'local',
  saturated: false,
  sockets: 3,
  games: 2,
  instance: 'test-1',
};
const setHealth = (server: DamaServer, h: Partial<Health>) => {
  (server.hub as unknown as { health: () => Health }).health = () => ({ ...HEALTH, ...h });
};

afterAll(async () => {
  for (const s of servers) await s.app.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the web app', () => {
  let base = '';
  const script = `export const words = ${JSON.stringify('dama '.repeat(2000))};\n`;
  const bigScript = `export const more = ${JSON.stringify('taş '.repeat(3000))};\n`;
  const bigBr = brotliCompressSync(bigScript, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const bigGz = gzipSync(bigScript, { level: 9 });

  beforeAll(async () => {
    // A stand-in for packages/web/dist: Vite's hashed assets/ and the files that keep their names.
    const root = mkdtempSync(join(tmpdir(), 'dama-web-'));
    dirs.push(root);
    mkdirSync(join(root, 'assets'));
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><title>Dama</title><script src="./assets/app-abc123.js"></script>',
    );
    writeFileSync(join(root, 'assets', 'app-abc123.js'), script);
    // as the web build writes them beside a file (packages/web/scripts/precompress.ts)
    writeFileSync(join(root, 'assets', 'big-def456.js'), bigScript);
    writeFileSync(join(root, 'assets', 'big-def456.js.br'), bigBr);
    writeFileSync(join(root, 'assets', 'big-def456.js.gz'), bigGz);
    writeFileSync(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(root, 'workbox-1a2b3c4d.js'), '// workbox');
    writeFileSync(join(root, 'manifest.webmanifest'), '{"name":"Dama"}');
    ({ base } = await serve({ webRoot: root }));
  });

  it('sends the security headers on the page and on the API', async () => {
    for (const path of ['/', '/api/health', '/api/nothing']) {
      const r = await raw(base + path);
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("connect-src 'self' ws: wss:");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      // cross-origin isolated: the engine's search is stopped through a SharedArrayBuffer
      expect(r.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(r.headers['cross-origin-embedder-policy']).toBe('require-corp');
    }
  });

  it('caches hashed assets for a year and revalidates every file that keeps its name', async () => {
    const asset = await raw(`${base}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/sw.js', '/workbox-1a2b3c4d.js', '/manifest.webmanifest']) {
      const r = await raw(base + path);
      expect(r.status, path).toBe(200);
      expect(r.headers['cache-control'], path).toBe('no-cache');
    }
    for (const path of ['/api/health', '/metrics', '/api/nothing']) {
      expect((await raw(base + path)).headers['cache-control'], path).toBe('no-store');
    }
  });

  it('compresses text assets with brotli or gzip when asked, and only then', async () => {
    const br = await raw(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);

    const gz = await raw(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await raw(`${base}/assets/app-abc123.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);

    // a file without a compressed copy beside it is compressed as it is sent (above)
    const metrics = await raw(`${base}/metrics`, { headers: { 'accept-encoding': 'gzip' } });
    expect(metrics.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(metrics.body).toString()).toContain('dama_sockets');
  });

  it("sends the build's own compressed copy of a file as it is, with the file's type and caching", async () => {
    const br = await raw(`${base}/assets/big-def456.js`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(Buffer.compare(br.body, bigBr)).toBe(0);
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);

    const gz = await raw(`${base}/assets/big-def456.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Buffer.compare(gz.body, bigGz)).toBe(0);

    const plain = await raw(`${base}/assets/big-def456.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(bigScript);

    // the page itself, which has no copy beside it here, whatever the browser accepts
    for (const encoding of ['br', 'gzip', 'identity']) {
      const page = await raw(`${base}/`, { headers: { 'accept-encoding': encoding } });
      expect(page.status, encoding).toBe(200);
      expect(page.headers['content-type'], encoding).toMatch(/^text\/html/);
    }
  });
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text format 0.0.4: throws on any line that is not a comment, a TYPE, or a sample. */
function parseProm(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
  for (const line of text.split('\n')) {
    if (line === '' || new RegExp(`^# HELP ${NAME} `).test(line)) continue;
    const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (type) {
      types.set(type[1], type[2]);
      continue;
    }
    const m = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`).exec(line);
    if (!m) throw new Error(`not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    const labelText = m[2] ?? '';
    const rest = labelText.replace(
      /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g,
      (_all, k: string, v: string) => {
        labels[k] = v;
        return '';
      },
    );
    if (rest !== '') throw new Error(`bad labels: ${line}`);
    // Go's ParseFloat, as Prometheus reads it: NaN and ±Inf in any case
    const special = /^([+-]?)(inf|nan)$/i.exec(m[3]);
    const value = special
      ? special[2].toLowerCase() === 'nan'
        ? NaN
        : (special[1] === '-' ? -1 : 1) * Infinity
      : Number(m[3]);
    if (Number.isNaN(value) && !special) throw new Error(`bad value: ${line}`);
    const family = [m[1], m[1].replace(/_(bucket|sum|count)$/, '')].find((n) => types.has(n));
    if (!family) throw new Error(`a sample with no TYPE: ${line}`);
    samples.push({ name: m[1], labels, value });
  }
  return { types, samples };
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('/metrics', () => {
  it('is Prometheus text with the hub’s counters, its health, and the process’s metrics', async () => {
    const { server, base } = await serve();
    setHealth(server, { sockets: 7, games: 4, db: 'up', saturated: true });
    server.metrics.move(3);
    server.metrics.move(40);
    server.metrics.move(4000);
    server.metrics.refused('illegal-move');
    server.metrics.refused('illegal-move');
    server.metrics.refused('stale');
    server.metrics.dropped('slow-reader');

    const r = await raw(`${base}/metrics`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const { types, samples } = parseProm(r.body.toString());

    expect(types.get('dama_move_latency_milliseconds')).toBe('histogram');
    const buckets = samples.filter((s) => s.name === 'dama_move_latency_milliseconds_bucket');
    expect(buckets.map((b) => b.labels.le)).toEqual([...MOVE_BUCKETS_MS.map(String), '+Inf']);
    expect(valueOf(samples, 'dama_move_latency_milliseconds_bucket', { le: '2' })).toBe(0);
    expect(valueOf(samples, 'dama_move_latency_milliseconds_bucket', { le: '5' })).toBe(1);
    expect(valueOf(samples, 'dama_move_latency_milliseconds_bucket', { le: '50' })).toBe(2);
    expect(valueOf(samples, 'dama_move_latency_milliseconds_bucket', { le: '5000' })).toBe(3);
    expect(valueOf(samples, 'dama_move_latency_milliseconds_sum')).toBe(4043);
    expect(valueOf(samples, 'dama_moves_total')).toBe(3);
    expect(types.get('dama_moves_total')).toBe('counter');
    expect(valueOf(samples, 'dama_refused_messages_total', { code: 'illegal-move' })).toBe(2);
    expect(valueOf(samples, 'dama_refused_messages_total', { code: 'stale' })).toBe(1);
    expect(valueOf(samples, 'dama_dropped_sockets_total', { reason: 'slow-reader' })).toBe(1);

    expect(valueOf(samples, 'dama_sockets')).toBe(7);
    expect(valueOf(samples, 'dama_games')).toBe(4);
    expect(valueOf(samples, 'dama_db_up')).toBe(1);
    expect(valueOf(samples, 'dama_saturated')).toBe(1);
    // one instance without Redis has no bus to report on
    expect(types.has('dama_bus_up')).toBe(false);

    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ])
      expect(valueOf(samples, name), name).toBeGreaterThan(0);
  });

  it('reads the health at each scrape: the bus gauge appears with a bus, and the database going away shows', async () => {
    const { server, base } = await serve();
    const scrape = async () => parseProm((await raw(`${base}/metrics`)).body.toString()).samples;
    setHealth(server, { bus: 'up', db: 'up' });
    expect(valueOf(await scrape(), 'dama_bus_up')).toBe(1);
    setHealth(server, { bus: 'down', db: 'down', status: 'down' });
    let samples = await scrape();
    expect(valueOf(samples, 'dama_bus_up')).toBe(0);
    expect(valueOf(samples, 'dama_db_up')).toBe(0);
    setHealth(server, { bus: 'local' });
    samples = await scrape();
    expect(valueOf(samples, 'dama_bus_up')).toBeUndefined();
    expect(valueOf(samples, 'dama_db_up')).toBe(1);
  });

  it('counts the SQLite store’s group commits and the game writes they took', async () => {
    const store = new SqliteStore(':memory:');
    const { base } = await serve({ store });
    const games = ['g1', 'g2'].map(linkGame);
    for (const g of games) await store.insert(g);
    // two writes in one turn of the event loop: one commit
    await Promise.all(games.map((g) => store.update({ ...g, version: g.version + 1 })));
    const samples = parseProm((await raw(`${base}/metrics`)).body.toString()).samples;
    expect(valueOf(samples, 'dama_db_commits_total')).toBe(1);
    expect(valueOf(samples, 'dama_db_commit_writes_total')).toBe(2);
  });

  it('keeps each server’s counts in its own registry', async () => {
    const a = await serve();
    const b = await serve();
    a.server.metrics.move(5);
    a.server.metrics.refused('busy');
    const scrapeB = parseProm((await raw(`${b.base}/metrics`)).body.toString()).samples;
    expect(valueOf(scrapeB, 'dama_moves_total')).toBe(0);
    expect(valueOf(scrapeB, 'dama_refused_messages_total', { code: 'busy' })).toBeUndefined();
    const scrapeA = parseProm((await raw(`${a.base}/metrics`)).body.toString()).samples;
    expect(valueOf(scrapeA, 'dama_moves_total')).toBe(1);
  });
});

describe('/api/health', () => {
  it('says 200 while the instance serves games and 503 when it cannot', async () => {
    const { server, base } = await serve();
    for (const [status, code] of [
      ['ready', 200],
      ['degraded', 200],
      ['down', 503],
    ] as const) {
      setHealth(server, { status, db: status === 'down' ? 'down' : 'up', saturated: status === 'degraded' });
      const r = await raw(`${base}/api/health`);
      expect(r.status, status).toBe(code);
      const body = json(r) as Health & { rss: number; heapUsed: number; error?: { code: string } };
      expect(body).toMatchObject({ status, sockets: 3, games: 2, bus: 'local', instance: 'test-1' });
      expect(body.rss).toBeGreaterThan(0);
      expect(body.heapUsed).toBeGreaterThan(0);
      if (code === 503) expect(body.error?.code).toBe('down');
      else expect(body.error).toBeUndefined();
    }
  });

  it('is ready on a fresh instance with SQLite and no Redis', async () => {
    const { base } = await serve();
    const r = await raw(`${base}/api/health`);
    expect(r.status).toBe(200);
    expect(json(r)).toMatchObject({ status: 'ready', db: 'up', bus: 'local', saturated: false, sockets: 0 });
  });
});

describe('errors', () => {
  const sink = logSink();
  let base = '';
  const SECRET = 'SQLITE_CORRUPT at /var/lib/dama/secret.sqlite';

  beforeAll(async () => {
    ({ base } = await serve({ logger: { level: 'info', stream: sink.stream } }, ({ app }) => {
      // Routes that fail the way a bug or a broken dependency would.
      app.get('/api/test/throws', () => {
        throw new Error(SECRET);
      });
      app.get('/api/test/rejects', async () => Promise.reject(new TypeError(SECRET)));
      app.get('/api/test/unavailable', async () => {
        throw Object.assign(new Error(SECRET), { statusCode: 503 });
      });
    }));
  });

  const post = (body: string, type = 'application/json') =>
    raw(`${base}/api/games`, { method: 'POST', headers: { 'content-type': type }, body });

  it('answers every refusal on /api with the JSON error shape', async () => {
    expectRefusal(await raw(`${base}/api/nothing`), 404, 'not-found');
    expectRefusal(await raw(`${base}/api/games/abcdefgh12`), 404, 'unknown-game');
    const wrongMethod = await raw(`${base}/api/games`);
    expectRefusal(wrongMethod, 405, 'bad-method');
    expect(wrongMethod.headers.allow).toBe('POST');
    expectRefusal(await raw(`${base}/api/games/abcdefgh12`, { method: 'DELETE' }), 405, 'bad-method');
    expectRefusal(await raw(`${base}/api/health`, { method: 'POST' }), 405, 'bad-method');
    expectRefusal(
      await post(JSON.stringify({ color: 'white', clock: null, pad: 'x'.repeat(5000) })),
      413,
      'too-large',
    );
    expectRefusal(await post('<color>white</color>', 'application/xml'), 415, 'bad-type');
    expectRefusal(await post('white', 'text/plain'), 415, 'bad-type');
    expectRefusal(await post('{"color":'), 400, 'bad-json');
    expectRefusal(await post(''), 400, 'bad-json');
    expectRefusal(await post(JSON.stringify({ color: 'purple', clock: null })), 400, 'bad-request');
    expectRefusal(await raw(`${base}/api/games/%zz`), 400, 'bad-request');
  });

  it('answers a failed socket upgrade in JSON too', async () => {
    // a plain GET of the socket's address
    const plain = await raw(`${base}/api/ws`);
    expectRefusal(plain, 426, 'upgrade-required');
    const upgrade = (path: string, version: string) =>
      raw(base + path, {
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          'sec-websocket-version': version,
        },
      });
    expectRefusal(await upgrade('/api/ws', '99'), 400, 'bad-upgrade');
    expectRefusal(await upgrade('/api/nowhere', '13'), 404, 'not-found');
    // and a good one still opens
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/ws`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.close();
  });

  it('answers a request Node cannot parse in JSON', async () => {
    const port = Number(new URL(base).port);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET / HTTP/1.1\r\nno colon here\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toMatchObject({
      error: { code: 'bad-request' },
    });
  });

  it('tells the client only that the server failed, and logs the failure with the request id', async () => {
    for (const path of ['/api/test/throws', '/api/test/rejects', '/api/test/unavailable']) {
      const r = await raw(base + path);
      expectRefusal(r, 500, 'server');
      expect(json(r)).toEqual({ error: { code: 'server', message: 'The server failed; try again.' } });
      const everything = JSON.stringify(r.headers) + r.body.toString();
      expect(everything).not.toContain('SQLITE');
      expect(everything).not.toContain('secret');
      expect(everything).not.toMatch(/at .*\.ts:\d+/); // no stack frame
      const id = String(r.headers['x-request-id']);
      const logged = sink.lines.find((l) => l.reqId === id && l.msg === 'request failed') as
        { level: number; err: { message: string; stack: string } } | undefined;
      expect(logged, path).toBeDefined();
      expect(logged!.level).toBe(50); // error
      expect(logged!.err.message).toBe(SECRET);
      expect(logged!.err.stack).toContain('ops.test.ts');
    }
  });
});

describe('logs', () => {
  it('are JSON lines with a request id on every request line, and no secrets', async () => {
    const sink = logSink();
    const { server, base } = await serve({ logger: { level: 'info', stream: sink.stream } });
    const r = await raw(`${base}/api/games/abcdefgh12?token=s3cret-query`, {
      headers: { authorization: 'Bearer s3cret-auth', cookie: 'sid=s3cret-cookie' },
    });
    expect(r.status).toBe(404);
    // "request completed" is written when the response has gone out, maybe after it arrived here
    await sink.until((l) => l.msg === 'request completed');
    const requestLines = sink.lines.filter((l) => 'req' in l || 'res' in l);
    // what the hub logs goes through a child of the same logger: a token field is redacted at any depth used
    server.app.log
      .child({ part: 'hub' })
      .warn({ game: 'abcdefgh12', token: 's3cret-1', frame: { token: 's3cret-2' } }, 'x');
    server.app.log.info({ req: { headers: { authorization: 's3cret-3', cookie: 's3cret-4' } } }, 'y');

    const text = sink.text.join('');
    expect(text).not.toContain('s3cret');
    expect(requestLines.length).toBeGreaterThanOrEqual(2); // incoming request, request completed
    for (const l of requestLines) expect(l.reqId).toBe(r.headers['x-request-id']);
    const incoming = requestLines.find((l) => l.msg === 'incoming request') as { req: { url: string } };
    expect(incoming.req.url).toBe('/api/games/abcdefgh12?token=[redacted]');
    const hubLine = sink.lines.find((l) => l.part === 'hub') as { game: string; token: string };
    expect(hubLine).toMatchObject({ game: 'abcdefgh12', token: '[redacted]', msg: 'x' });
  });

  it('names a timer task or a commit that held the event loop past slowTask, only when asked', async () => {
    const sink = logSink();
    const { server, base } = await serve({
      logger: { level: 'info', stream: sink.stream },
      limits: { slowTask: 1e-9 },
    });
    // A game made and its creator's seat taken: a commit of the group.
    const made = await raw(`${base}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ color: 'white', clock: null }),
    });
    expect(made.status).toBe(201);
    const { id, token } = json(made) as { id: string; token: string };
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/ws`);
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ t: 'hello', game: id, token }));
    // The seat's presence is written through the group commit.
    await sink.until((l) => l.msg === 'slow task' && l.task === 'commit' && l.writes === 1);
    ws.close();
    await sink.until((l) => l.msg === 'slow task' && l.task === 'checkSockets');
    const line = sink.lines.find((l) => l.msg === 'slow task')!;
    expect(line).toMatchObject({ level: 40, instance: server.hub.instance });
    expect(typeof line.ms).toBe('number');
    const quiet = logSink();
    await serve({ logger: { level: 'info', stream: quiet.stream } });
    await new Promise((r) => setTimeout(r, 1100));
    expect(quiet.lines.filter((l) => l.msg === 'slow task')).toEqual([]);
  });

  it('writes nothing at level silent', async () => {
    const sink = logSink();
    const { base } = await serve({ logger: { level: 'silent', stream: sink.stream } });
    await raw(`${base}/api/nothing`);
    expect(sink.text).toEqual([]);
  });

  it('reads LOG_LEVEL, refusing a level pino does not have', () => {
    expect(logLevelFrom(undefined)).toBe('info');
    expect(logLevelFrom('')).toBe('info');
    expect(logLevelFrom('WARN')).toBe('warn');
    expect(logLevelFrom('silent')).toBe('silent');
    expect(() => logLevelFrom('verbose')).toThrow(/LOG_LEVEL/);
  });
});

describe('the client address behind proxies', () => {
  const create = (base: string, forwardedFor?: string) =>
    raw(`${base}/api/games`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
      body: JSON.stringify({ color: 'white', clock: null }),
    });
  const statuses = async (base: string, forwarded: string[]) => {
    const out: number[] = [];
    for (const f of forwarded) out.push((await create(base, f)).status);
    return out;
  };
  const limits = { openGamesPerAddress: 3 };

  it('with one hop, takes the address the proxy saw: a forged left-most entry changes nothing', async () => {
    const { base } = await serve({ trustProxy: 1, limits });
    // The client writes "198.51.100.i" itself; the proxy appends the address it saw, 203.0.113.7.
    const forged = Array.from({ length: 6 }, (_, i) => `198.51.100.${i + 1}, 203.0.113.7`);
    expect(await statuses(base, forged)).toEqual([201, 201, 201, 429, 429, 429]);
    // another client behind the same proxy has its own allowance
    expect((await create(base, '198.51.100.1, 203.0.113.8')).status).toBe(201);
  });

  it('with a list of proxies, walks back over those only', async () => {
    const { base } = await serve({ trustProxy: ['127.0.0.1', '10.0.0.0/8'], limits });
    // two trusted hops (the socket's 127.0.0.1 and 10.1.2.3); 203.0.113.9 is the client
    const forged = Array.from({ length: 5 }, (_, i) => `198.51.100.${i + 1}, 203.0.113.9, 10.1.2.3`);
    expect(await statuses(base, forged)).toEqual([201, 201, 201, 429, 429]);
    expect((await create(base, '198.51.100.1, 203.0.113.10, 10.1.2.3')).status).toBe(201);
  });

  it('without a proxy setting, X-Forwarded-For is ignored', async () => {
    const { base } = await serve({ limits });
    const forged = Array.from({ length: 5 }, (_, i) => `198.51.100.${i + 1}, 203.0.113.${i + 1}`);
    expect(await statuses(base, forged)).toEqual([201, 201, 201, 429, 429]);
  });

  it('reads TRUST_PROXY as a hop count or a list, and refuses "true" (the forgeable left-most)', () => {
    expect(trustProxyFrom(undefined)).toBe(false);
    expect(trustProxyFrom('')).toBe(false);
    expect(trustProxyFrom('0')).toBe(false);
    expect(trustProxyFrom('1')).toBe(1);
    expect(trustProxyFrom('2')).toBe(2);
    expect(trustProxyFrom('10.0.0.1, 10.0.0.0/8,fd00::/8, loopback')).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => trustProxyFrom('true')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxyFrom('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxyFrom('proxy.example')).toThrow(/TRUST_PROXY/);
  });
});
