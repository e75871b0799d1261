/**
 * A browser's push service on loopback, for the tests: it accepts a notice only when its VAPID
 * signature verifies (ES256 over the JWT, by the key in the `Authorization` header, for this
 * endpoint's origin, not expired), and decrypts its body (aes128gcm, RFC 8291) with the private key
 * and auth secret of the subscription it made, as a browser would. Nothing reaches the network.
 */
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// http_ece: the encryption of Web Push (web-push's own dependency), here to decrypt.
import ece from 'http_ece';

export interface Received {
  /** The subscription (path) it was sent to. */
  path: string;
  /** The VAPID public key that signed it (base64url). */
  key: string;
  claims: { aud: string; exp: number; sub: string };
  payload: unknown;
}

const b64u = (b: Buffer) => b.toString('base64url');

export class PushEndpoint {
  readonly received: Received[] = [];
  /** Notices refused (a bad signature, a body that does not decrypt), with why. */
  readonly refused: string[] = [];
  private subs = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  private constructor(
    private server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<PushEndpoint> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const ep = new PushEndpoint(server, `http://127.0.0.1:${port}`);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (ep.gone.has(req.url ?? '')) return void res.writeHead(410).end();
        const why = ep.receive(req.url ?? '', String(req.headers.authorization ?? ''), Buffer.concat(chunks));
        if (why) ep.refused.push(why);
        res.writeHead(why ? 400 : 201).end();
      });
    });
    return ep;
  }

  get host(): string {
    return new URL(this.origin).host;
  }

  /** A new subscription as a browser makes it: its endpoint and keys. */
  subscribe(name: string): { endpoint: string; keys: { p256dh: string; auth: string } } {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.subs.set(`/push/${name}`, { ecdh, auth });
    return {
      endpoint: `${this.origin}/push/${name}`,
      keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
    };
  }

  /** Answers 410 Gone for this subscription from now on (the browser dropped it). */
  drop(name: string): void {
    this.gone.add(`/push/${name}`);
  }

  private gone = new Set<string>();

  private receive(path: string, authorization: string, body: Buffer): string | undefined {
    const sub = this.subs.get(path);
    if (!sub) return 'unknown subscription';
    const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
    if (!m) return `no VAPID authorization: ${authorization.slice(0, 40)}`;
    const [jwt, key] = [m[1], m[2]];
    const [head, claims, sig] = jwt.split('.');
    const point = Buffer.from(key, 'base64url');
    if (point.length !== 65 || point[0] !== 4) return 'the VAPID key is not a P-256 point';
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
      format: 'jwk',
    });
    const ok = verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(sig, 'base64url'),
    );
    if (!ok) return 'the VAPID signature does not verify';
    if ((JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string }).alg !== 'ES256')
      return 'not ES256';
    const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Received['claims'];
    if (c.aud !== this.origin) return `aud ${c.aud} is not ${this.origin}`;
    if (!(c.exp > Date.now() / 1000)) return 'expired';
    let plain: Buffer;
    try {
      plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: b64u(sub.auth) });
    } catch (e) {
      return `does not decrypt: ${(e as Error).message}`;
    }
    this.received.push({ path, key, claims: c, payload: JSON.parse(plain.toString()) });
    return undefined;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
