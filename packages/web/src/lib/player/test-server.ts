// For the unit tests only: the player API as packages/server/src/player-api.ts answers it, in
// memory, behind the `Http` the client is given (and the routes beside it that the app reads: a
// game's snapshot, the live games, the leaderboards, push subscriptions). A test can take the
// network away (`down`), make the server busy, or replace any answer by a broken or hostile one
// (`answer`).
import type { Snapshot } from '@dama/server/wire';
import type { Http, HttpRequest, HttpResponse } from './api.ts';

/** A snapshot as the server sends it: a game being played, by link, with nothing on it. */
export function testSnapshot(over: Partial<Snapshot> = {}): Snapshot {
  const online = { state: 'online' as const, since: 0 };
  return {
    id: 'GameAaaa0001',
    v: 2,
    created: 1_700_000_000_000,
    ended: null,
    status: 'playing',
    clock: null,
    moves: [],
    clocks: null,
    now: 1_700_000_000_000,
    seats: { white: true, black: true },
    presence: { white: online, black: online },
    claimAfter: 60_000,
    drawOffer: null,
    drawOffers: { white: 0, black: 0 },
    takebackOffer: null,
    abortAt: null,
    rematchOffer: null,
    rematch: null,
    outcome: null,
    result: '*',
    players: null,
    rated: false,
    days: null,
    ...over,
  };
}

export interface TestAnswer {
  status: number;
  /** a value is sent as JSON, a string as it is */
  body: unknown;
  date?: string;
}

interface Player {
  id: string;
  secrets: string[];
  words: { adjective: string; noun: string; number: number };
  created: number;
}

export const ADJECTIVES = ['Bilge', 'Cesur', 'Hızlı'];
export const NOUNS = ['Baykuş', 'Kartal', 'Kurt'];
const SYMBOLS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const TTL = 10 * 60_000;

export class TestServer {
  players = new Map<string, Player>();
  codes = new Map<string, { id: string; expires: number }>();
  requests: { path: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
  /** the server's clock */
  clock = 1_700_000_000_000;
  /** 'offline': the request fails as fetch fails without a network; 'busy': every answer is a 503 */
  down: 'offline' | 'busy' | undefined;
  /** an answer of the test's own instead of the server's (undefined: the server answers) */
  answer: ((path: string, init: HttpRequest) => TestAnswer | undefined) | undefined;
  /** what the server knows of each player's games against people (by player id) */
  ratings = new Map<string, Record<string, { rating: number; provisional: boolean; games: number }>>();
  blocked = new Map<string, string[]>();
  games = new Map<string, unknown[]>();
  history = new Map<string, { speed: string; at: number; rating: number; game: string }[]>();
  /** each player's games being played (`GET /api/players/me/playing`) */
  playing = new Map<string, { color: string; yourTurn: boolean; token: string; game: unknown }[]>();
  /** games by id (`GET /api/games/:id`) */
  snapshots = new Map<string, unknown>();
  live: { featured: string | null; games: unknown[] } = { featured: null, games: [] };
  leaders = new Map<string, { id: string; name: string; rating: number; games: number }[]>();
  /** the push subscriptions given, by player (`PUT /api/players/me/push`) */
  pushes = new Map<string, { endpoint: string; keys: unknown; kinds: string[]; lang: string }[]>();
  pushKey = 'BPublicKeyOfTheServer_' + 'x'.repeat(65);
  private n = 0;

  readonly http: Http = async (path, init) => {
    this.requests.push({
      path,
      method: init.method,
      headers: init.headers,
      body: init.body === undefined ? undefined : JSON.parse(init.body),
    });
    if (this.down === 'offline') throw new TypeError('Failed to fetch');
    const a =
      this.answer?.(path, init) ?? (this.down === 'busy' ? fail(503, 'busy') : this.route(path, init));
    return response(a, a.date ?? new Date(this.clock).toUTCString());
  };

  /** A player made directly on the server (as if by another device), with its secret. */
  add(words = { adjective: 'Cesur', noun: 'Kurt', number: 12 }): { id: string; secret: string } {
    const id = `Pl${String(++this.n).padStart(10, '0')}`;
    const secret = `secret-${String(this.n).padStart(17, '0')}`;
    this.players.set(id, { id, secrets: [secret], words, created: this.clock });
    return { id, secret };
  }

  /** The public part of a player, as the server shows it. */
  pub(id: string) {
    const p = this.players.get(id)!;
    const { adjective, noun, number } = p.words;
    return { id, name: `${adjective} ${noun} ${number}`, words: p.words, created: p.created };
  }

  private me(init: HttpRequest): Player | undefined {
    const m = /^Bearer ([A-Za-z0-9]{12})\.([A-Za-z0-9_-]{24})$/.exec(init.headers.authorization ?? '');
    const p = m ? this.players.get(m[1]) : undefined;
    return p && p.secrets.includes(m![2]) ? p : undefined;
  }

  private route(path: string, init: HttpRequest): TestAnswer {
    const body = init.body === undefined ? undefined : (JSON.parse(init.body) as Record<string, unknown>);
    const key = `${init.method} ${path}`;
    if (key === 'GET api/players/names')
      return { status: 200, body: { adjectives: ADJECTIVES, nouns: NOUNS } };
    if (key === 'POST api/players') {
      const made = this.add({ adjective: 'Hızlı', noun: 'Kartal', number: 417 });
      return { status: 201, body: { ...this.pub(made.id), secret: made.secret } };
    }
    if (key === 'POST api/players/transfer') {
      const code = typeof body?.code === 'string' ? body.code.toUpperCase() : '';
      const c = this.codes.get(code);
      this.codes.delete(code);
      if (!c || c.expires <= this.clock) return fail(404, 'unknown-code');
      const secret = `device-${String(++this.n).padStart(17, '0')}`;
      this.players.get(c.id)!.secrets.push(secret);
      return { status: 200, body: { ...this.pub(c.id), secret } };
    }
    const game = /^GET api\/games\/([A-Za-z0-9]+)$/.exec(key);
    if (game) {
      const snap = this.snapshots.get(game[1]);
      return snap ? { status: 200, body: snap } : fail(404, 'unknown-game');
    }
    if (key === 'GET api/live') return { status: 200, body: this.live };
    const board = /^GET api\/leaderboard\/([a-z]+)$/.exec(key);
    if (board) return { status: 200, body: { speed: board[1], players: this.leaders.get(board[1]) ?? [] } };
    if (key === 'GET api/push/key') return { status: 200, body: { publicKey: this.pushKey } };
    const pub = /^GET api\/players\/([A-Za-z0-9]{12})(\/games|\/history)?$/.exec(key);
    if (pub && this.players.has(pub[1])) {
      const id = pub[1];
      if (pub[2] === '/games') return { status: 200, body: { games: this.games.get(id) ?? [] } };
      if (pub[2] === '/history') return { status: 200, body: { points: this.history.get(id) ?? [] } };
      const { name, created } = this.pub(id);
      return { status: 200, body: { id, name, created, ratings: this.ratings.get(id) ?? {} } };
    }
    if (pub) return fail(404, 'unknown-player');
    const p = this.me(init);
    if (key === 'PUT api/players/me/name') {
      const { adjective, noun, number } = body as { adjective: string; noun: string; number: number };
      if (!ADJECTIVES.includes(adjective) || !NOUNS.includes(noun)) return fail(400, 'bad-name');
      if (!p) return fail(401, 'not-a-player');
      p.words = { adjective, noun, number };
      return { status: 200, body: this.pub(p.id) };
    }
    if (!p) return fail(401, 'not-a-player');
    if (key === 'GET api/players/me/playing')
      return { status: 200, body: { games: this.playing.get(p.id) ?? [] } };
    if (key === 'PUT api/players/me/push') {
      const sub = body as { endpoint: string; keys: unknown; kinds: string[]; lang: string };
      const list = (this.pushes.get(p.id) ?? []).filter((x) => x.endpoint !== sub.endpoint);
      this.pushes.set(p.id, [...list, sub]);
      return { status: 204, body: '' };
    }
    if (key === 'DELETE api/players/me/push') {
      const endpoint = (body as { endpoint: string }).endpoint;
      this.pushes.set(
        p.id,
        (this.pushes.get(p.id) ?? []).filter((x) => x.endpoint !== endpoint),
      );
      return { status: 204, body: '' };
    }
    if (key === 'GET api/players/me')
      return {
        status: 200,
        body: {
          ...this.pub(p.id),
          ratings: this.ratings.get(p.id) ?? {},
          blocked: this.blocked.get(p.id) ?? [],
          pausedUntil: null,
        },
      };
    const block = /^(PUT|DELETE) api\/players\/me\/blocks\/([A-Za-z0-9]{12})$/.exec(key);
    if (block) {
      const list = (this.blocked.get(p.id) ?? []).filter((b) => b !== block[2]);
      this.blocked.set(p.id, block[1] === 'PUT' ? [...list, block[2]] : list);
      return { status: 204, body: '' };
    }
    if (key === 'POST api/players/me/transfer') {
      const n = ++this.n;
      const s = Array.from({ length: 8 }, (_, i) => SYMBOLS[(n * 7 + i * 13) % SYMBOLS.length]).join('');
      const code = `${s.slice(0, 4)}-${s.slice(4)}`;
      this.codes.set(code, { id: p.id, expires: this.clock + TTL });
      return { status: 201, body: { code, expires: this.clock + TTL } };
    }
    return fail(404, 'not-found');
  }
}

export const fail = (status: number, code: string): TestAnswer => ({
  status,
  body: { error: { code, message: code } },
});

function response(a: TestAnswer, date: string): HttpResponse {
  const text = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
  return {
    status: a.status,
    headers: { get: (name) => (name.toLowerCase() === 'date' ? date : null) },
    text: async () => text,
  };
}
