// Helpers for the online browser tests: two players on the real game server, moves played by taps,
// the server's own record of the game, and a socket in the middle that can lose messages.
import { expect, type Browser, type BrowserContext, type Page, type WebSocketRoute } from '@playwright/test';
import { createOnlineGame, moveButtons, openOnlinePage, sq } from './helpers.ts';

export interface Players {
  white: Page;
  black: Page;
  /** the game's id */
  id: string;
}

/**
 * White creates a game (a clock if given), Black opens the link; both see the game begin. On the
 * config's server unless `baseURL` names another (`ownServer`).
 */
export async function startOnline(
  browser: Browser,
  clock = 'No clock',
  before?: (black: BrowserContext) => Promise<void>,
  baseURL?: string,
): Promise<Players> {
  const white = await openOnlinePage(browser, undefined, baseURL);
  const link = await createOnlineGame(white, 'White', clock);
  const black = await openOnlinePage(browser, undefined, baseURL);
  await before?.(black.context());
  await black.goto(link.replace('#', '?sw=off#'));
  await expect(black).toHaveURL(/#\/online\/[A-Za-z0-9]+\/[A-Za-z0-9_-]+$/);
  await expect(white.getByTestId('status')).toHaveText('Your move');
  return { white, black, id: gameIdOf(link) };
}

export const gameIdOf = (url: string): string => /#\/online\/([A-Za-z0-9]+)/.exec(url)![1];

/** Plays a move by tapping its squares ('c3-c4', 'd4xd6xf6'), and waits until `others` show it. */
export async function tapMove(page: Page, move: string, others: Page[] = []): Promise<void> {
  const n = await moveButtons(page).count();
  for (const square of move.split(/[-x]/)) await sq(page, square).click();
  for (const p of [page, ...others]) await expect(moveButtons(p)).toHaveCount(n + 1, { timeout: 10_000 });
}

/** The moves of a game as the server keeps them. */
export async function serverMoves(page: Page, id: string): Promise<string[]> {
  const res = await page.request.get(`api/games/${id}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { moves: string[] }).moves;
}

/** What the client sent on the game socket, as the middle sees it. */
type Sent = { t: string; [k: string]: unknown };

/**
 * The page's game socket through the test: every message passes unless a rule says otherwise.
 * `lose` decides per message from the client whether it is lost (and the socket then broken);
 * `silent` stops everything both ways (the socket stays open, as a dead link does).
 */
export class Middle {
  sockets = 0;
  /** every client message that reached the server */
  delivered: Sent[] = [];
  lose: ((m: Sent) => boolean) | undefined;
  /** after this client message has gone to the server, the server's answers are lost and the socket broken */
  loseAnswerTo: ((m: Sent) => boolean) | undefined;
  /** deliver this client message twice */
  twice: ((m: Sent) => boolean) | undefined;
  /** the link is dead, though no side knows it: nothing passes either way, and nothing closes */
  silent = false;

  static async on(context: BrowserContext): Promise<Middle> {
    const m = new Middle();
    await context.routeWebSocket(/\/api\/ws$/, (ws) => m.route(ws));
    return m;
  }

  private route(ws: WebSocketRoute): void {
    this.sockets++;
    const server = ws.connectToServer();
    let deaf = false;
    // a new socket is a new link: silence is the old one's
    this.silent = false;
    ws.onMessage((raw) => {
      if (this.silent) return;
      const msg = JSON.parse(String(raw)) as Sent;
      if (this.lose?.(msg)) {
        this.lose = undefined;
        void ws.close({ code: 4000, reason: 'lost' });
        void server.close();
        return;
      }
      server.send(raw);
      this.delivered.push(msg);
      if (this.twice?.(msg)) {
        this.twice = undefined;
        server.send(raw);
        this.delivered.push(msg);
      }
      if (this.loseAnswerTo?.(msg)) {
        this.loseAnswerTo = undefined;
        deaf = true;
        // whatever the server says now never arrives; then the connection breaks
        setTimeout(() => {
          void ws.close({ code: 4000, reason: 'lost' });
          void server.close();
        }, 800);
      }
    });
    server.onMessage((raw) => {
      if (!deaf && !this.silent) ws.send(raw);
    });
  }
}
