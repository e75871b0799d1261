// Issue 11, the rest: a new game over an unfinished one, delete with undo, refused taps, face to
// face, the record against each level, the kings-only draw rule. Every test at phone, phone held
// sideways and desktop sizes.
import { test, expect, type Page } from '@playwright/test';
import { Game, makeFen, makeNotation, parsePosition, type Move } from '@dama/core';
import {
  gameOnPage,
  levelChoice,
  moveButtons,
  sq,
  startComputerGame,
  typeMove,
  waitForTurn,
} from './helpers.ts';

/** Finish a game at once by resigning it (against the computer: the player resigns). */
async function resign(page: Page): Promise<void> {
  await page.getByTestId('resign').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
  await expect(page.getByTestId('end')).toBeVisible();
}

test('a new game over an unfinished one asks first and keeps the old one, which can be continued @landscape @desktop', async ({
  page,
}) => {
  await startComputerGame(page);
  await typeMove(page, 'c3-c4');
  await waitForTurn(page);
  const first = (await moveButtons(page).allTextContents()).map((m) => m.trim());
  expect(first).toHaveLength(2);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.locator('.card.continue')).toContainText('Against the computer (Learner), 1 move');

  // asked first; "Cancel" leaves the game as it was
  await page.getByRole('button', { name: /Play the computer/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start the game' }).click();
  const ask = page.getByRole('dialog', { name: 'Start a new game?' });
  await expect(ask).toContainText('It will wait in My games');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.locator('.card.continue')).toBeVisible();

  // confirmed: a new game, and the old one in "My games" as unfinished
  await page.getByRole('button', { name: /Play the computer/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start the game' }).click();
  await page
    .getByRole('dialog', { name: 'Start a new game?' })
    .getByRole('button', { name: 'Start a new game' })
    .click();
  await expect(page.locator('.board-wrap .dama-board')).toBeVisible();
  await expect(moveButtons(page)).toHaveCount(0);
  await typeMove(page, 'a3-a4');
  await waitForTurn(page);

  await page.goto('./?engine=fast#/records');
  const kept = page.locator('.record.unfinished');
  await expect(kept).toHaveCount(1);
  await expect(kept).toContainText('Unfinished');
  // it opens as a record, and is continued from there: its moves are back and play goes on; the
  // game it replaces is kept in its turn
  await kept.locator('.record-main').click();
  await expect(moveButtons(page)).toHaveText(first);
  await page.getByTestId('continue-record').click();
  await expect(page.locator('.topbar h1')).toHaveText('Computer · Learner');
  await expect(moveButtons(page)).toHaveText(first);
  // any legal move: the computer's first reply may have left White a compulsory capture
  await typeMove(page, (await gameOnPage(page)).position.legalMoves()[0]);
  await waitForTurn(page);
  await expect(moveButtons(page)).toHaveCount(4);
  await page.goto('./?engine=fast#/records');
  await expect(page.locator('.record.unfinished')).toHaveCount(1);
  await expect(page.locator('.record.unfinished')).toContainText('1 move');
  // and that one straight from the list
  await page.locator('.record.unfinished').getByRole('button', { name: 'Continue' }).click();
  await expect(moveButtons(page)).toHaveCount(2);
  await expect(moveButtons(page).first()).toHaveText('a3-a4');
  await page.goto('./?engine=fast#/records');
  await expect(page.locator('.record.unfinished')).toContainText('2 moves');
});

test('deleting a saved game offers an undo, and the undo puts it back for good @landscape @desktop', async ({
  page,
}) => {
  await page.goto('./?engine=fast&fen=W:Wa2,b2,c2:Ba7&vs=computer&color=white&level=1');
  await resign(page);
  await page.goto('./?engine=fast&fen=W:Wa2,b2,c2:Ba7&vs=computer&color=white&level=5');
  await resign(page);
  await page.goto('./#/records');
  const records = page.locator('.record');
  await expect(records).toHaveCount(2);
  await expect(records.first()).toContainText('Club player');

  await records
    .first()
    .getByRole('button', { name: /Delete/ })
    .click();
  await expect(records).toHaveCount(1);
  const bar = page.getByTestId('snackbar');
  await expect(bar).toContainText('Deleted: Against the computer (Club player)');
  await bar.getByRole('button', { name: 'Undo' }).click();
  await expect(records).toHaveCount(2);
  await expect(records.first()).toContainText('Club player');
  await expect(bar).not.toBeVisible();
  await page.reload();
  await expect(records).toHaveCount(2);

  // without the undo, the deletion stays
  await records
    .first()
    .getByRole('button', { name: /Delete/ })
    .click();
  await expect(bar).toBeVisible();
  await page.reload();
  await expect(records).toHaveCount(1);
  await expect(records.first()).toContainText('Newcomer');
});

test('a refused tap says why and the pieces that must capture pulse; a typed illegal move moves nothing @landscape @desktop', async ({
  page,
}) => {
  // White must capture with c3 (c3xc5); h2 could move but may not
  await page.goto('./?fen=W:Wc3,h2:Bc4,a7');
  await expect(sq(page, 'c3')).toHaveClass(/must-capture/);
  await expect(page.locator('.game')).not.toHaveClass(/nudge/);
  await sq(page, 'h2').click();
  await expect(page.getByTestId('status')).toHaveText(
    'A capture is compulsory: move one of the glowing pieces.',
  );
  await expect(page.locator('.game')).toHaveClass(/nudge-1/);
  await expect(page.locator('.board-wrap .must-capture')).toHaveCount(1);
  // and the way to the lesson on the rule
  await expect(page.getByTestId('learn-why')).toHaveAttribute('href', '#/learn?stage=compulsory');
  await sq(page, 'h2').click();
  await expect(page.locator('.game')).toHaveClass(/nudge-2/);

  // a typed illegal move: said in the status line, and no button moves
  const ids = ['undo', 'draw', 'resign'];
  const boxes = async () =>
    Promise.all([
      ...ids.map((id) => page.getByTestId(id).boundingBox()),
      page.locator('#move-input').boundingBox(),
    ]);
  await sq(page, 'c3').click();
  await sq(page, 'c5').click();
  await expect(moveButtons(page)).toHaveCount(1);
  await expect(page.getByTestId('status')).toHaveText('Black to move');
  // (focused first: in a scrolling side panel, the focus alone may scroll it into view)
  await page.locator('#move-input').focus();
  const before = await boxes();
  // long enough to take two lines in the narrowest panel
  await page.locator('#move-input').fill('a7xa5xc5xc3xe3xe1');
  await page.locator('#move-input').press('Enter');
  await expect(page.getByTestId('status')).toHaveText('a7xa5xc5xc3xe3xe1 is not a legal move here.');
  expect(await boxes()).toEqual(before);

  // a blocked piece
  await page.goto('./?fen=W:Wa2,a3,b2:Bh7');
  await sq(page, 'a2').click();
  await expect(page.getByTestId('status')).toHaveText('This piece is blocked: it has no move.');
  // a blocked piece is not the capture rule: no lesson offered
  await expect(page.getByTestId('learn-why')).toHaveCount(0);
  await expect(page.locator('.game')).not.toHaveClass(/nudge/);
  // and with the keyboard
  await page.goto('./?fen=W:Wc3,h2:Bc4,a7');
  // the game is set up (its compulsory capture shown) before the keys are pressed: keys pressed
  // during the page's start were lost once (session 6's CI, one flaky run)
  await expect(sq(page, 'c3')).toHaveClass(/must-capture/);
  const board = page.locator('.board-wrap .dama-board');
  await board.focus();
  // the cursor starts on d4: to the right edge (h4), then two down to h2
  for (let i = 0; i < 7; i++) await board.press('ArrowRight');
  for (let i = 0; i < 2; i++) await board.press('ArrowDown');
  await board.press('Enter');
  await expect(page.getByTestId('status')).toHaveText(
    'A capture is compulsory: move one of the glowing pieces.',
  );
});

test('face to face, each player has their own status, clock and buttons, the far ones turned @landscape @desktop', async ({
  page,
}) => {
  await page.goto('./#/');
  await page.getByRole('button', { name: /Two players/ }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByText('Face to face (tablet on a table)').click();
  await sheet.getByText('5+0', { exact: true }).click();
  await sheet.getByRole('button', { name: 'Start the game' }).click();
  const top = page.getByTestId('seat-top');
  const bottom = page.getByTestId('seat-bottom');
  // the far seat is Black's, turned half round; the near one White's, upright
  const turn = (l: typeof top) => l.evaluate((el) => getComputedStyle(el).transform);
  expect(await turn(top)).toMatch(/^matrix\(-1, 0, 0, -1/);
  expect(await turn(bottom)).toBe('none');
  await expect(top.getByTestId('clock-black')).toHaveText('5:00');
  await expect(bottom.getByTestId('clock-white')).toHaveText(/^(5:00|4:5\d)$/);
  await expect(bottom.getByTestId('status-white')).toHaveText('Your move');
  await expect(top.getByTestId('status-black')).toHaveText('');
  // played by touch (a short screen has no move box face to face)
  const tap = async (from: string, to: string) => {
    await sq(page, from).click();
    await sq(page, to).click();
  };
  await tap('c3', 'c4');
  await expect(top.getByTestId('status-black')).toHaveText('Your move');
  await expect(bottom.getByTestId('status-white')).toHaveText('');
  // a message goes to the seat whose turn it is
  await sq(page, 'a7').click();
  await expect(top.getByTestId('status-black')).toHaveText('This piece is blocked: it has no move.');

  // the far player resigns with their own button on White's turn as well, and the question faces them
  await tap('f6', 'f5');
  await expect(bottom.getByTestId('status-white')).toHaveText('Your move');
  await top.getByTestId('resign-black').click();
  const ask = page.locator('.backdrop.turned');
  await expect(ask.getByRole('dialog')).toContainText('Does Black resign?');
  await ask.getByRole('button', { name: 'Resign' }).click();
  await expect(page.getByTestId('end')).toContainText('White wins');
});

test('the home screen shows the record against each level, next to the daily puzzle @landscape @desktop', async ({
  page,
}) => {
  await page.goto('./#/');
  await expect(page.getByTestId('level-record')).toHaveCount(0);
  // a loss and a win against level 1, a loss against level 7
  await page.goto('./?engine=fast&fen=W:Wa2,b2,c2:Ba7&vs=computer&color=white&level=1');
  await resign(page);
  await page.goto('./?engine=fast&fen=W:Wc3:Bc4&vs=computer&color=white&level=1');
  await sq(page, 'c3').click();
  await sq(page, 'c5').click();
  await expect(page.getByTestId('end')).toContainText('You win!');
  await page.goto('./?engine=fast&fen=B:Wa2,b2,c2:Ba7&vs=computer&color=black&level=7');
  await resign(page);
  await page.goto('./#/');
  const card = page.getByTestId('level-record');
  await expect(card.locator('.tally')).toHaveCount(2);
  await expect(card.locator('[data-level="1"]')).toContainText('1 · Newcomer1–0–1');
  await expect(card.locator('[data-level="7"]')).toContainText('7 · Expert0–0–1');
  await expect(card.locator('[data-level="1"] .sr-only')).toHaveText('Newcomer: 1 won, 0 drawn, 1 lost');
  // next to the daily puzzle's card: under it in one column, beside it where the cards go two by two
  const puzzle = (await page.getByTestId('home-puzzle').boundingBox())!;
  const box = (await card.boundingBox())!;
  const under = Math.abs(box.y - (puzzle.y + puzzle.height)) < 24;
  const beside = Math.abs(box.y - puzzle.y) < 1 && Math.abs(box.x - (puzzle.x + puzzle.width)) < 24;
  expect(under || beside, `the record at ${box.x},${box.y}; the puzzle at ${puzzle.x},${puzzle.y}`).toBe(
    true,
  );
  // and the new-game sheet gives the record against the level chosen, and marks the levels beaten
  await page.getByRole('button', { name: /Play the computer/ }).click();
  const sheet = page.getByRole('dialog');
  await levelChoice(sheet, 1).click();
  await expect(sheet.getByTestId('level-about')).toContainText('Your record: 1 won, 0 drawn, 1 lost');
  await expect(levelChoice(sheet, 1)).toHaveClass(/beaten/);
  await levelChoice(sheet, 7).click();
  await expect(sheet.getByTestId('level-about')).toContainText('Your record: 0 won, 0 drawn, 1 lost');
  await expect(levelChoice(sheet, 7)).not.toHaveClass(/beaten/);
});

/** Quiet king moves, no position twice and never a capture for either side, for `plies` plies. */
function kingsOnlyLine(fen: string, plies: number): Move[] {
  const start = parsePosition(fen);
  if (!start.ok) throw new Error(fen);
  const game = new Game(start.value, { drawRules: { kingsOnly: true } });
  const seen = new Set([makeFen(game.position)]);
  const line: Move[] = [];
  const search = (): boolean => {
    if (line.length === plies) return true;
    for (const m of game.position.legalMoves()) {
      if (m.captures.length > 0) continue;
      game.play(m);
      const key = makeFen(game.position);
      const quiet = !game.position.legalMoves().some((r) => r.captures.length > 0);
      if (quiet && !seen.has(key) && (line.length + 1 === plies || !game.isOver())) {
        seen.add(key);
        line.push(m);
        if (search()) return true;
        line.pop();
        seen.delete(key);
      }
      game.undo();
    }
    return false;
  };
  if (!search()) throw new Error('no line');
  return line;
}

test('the 30-move kings-only rule: a setting, written to the PDN and ending the game @landscape @desktop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('./#/settings');
  await page.getByText('30 moves each with only kings moving is a draw').click();
  await expect(page.locator('#rule-kingsOnly')).toBeChecked();
  const fen = 'W:WKa1,Kb3:BKh8,Kg6';
  const line = kingsOnlyLine(fen, 60);
  await page.goto(`./?fen=${fen}`);
  // past the 25-move no-progress rule that it replaces, the game goes on
  for (const m of line.slice(0, 52)) await typeMove(page, makeNotation(m));
  await expect(page.getByTestId('end')).toHaveCount(0);
  for (const m of line.slice(52)) await typeMove(page, makeNotation(m));
  await expect(page.getByTestId('end')).toContainText('30 moves of kings only');
  await page.getByTestId('end').getByRole('button', { name: 'Export (PDN)' }).click();
  // the rules in force: no-progress is listed, and kings-only replaces it (RULES.md)
  await expect(page.getByTestId('pdn-text')).toHaveValue(
    /\[DrawRules "repetition,king-vs-king,no-progress,kings-only"\]/,
  );
  await expect(page.getByTestId('pdn-text')).toHaveValue(/\[Result "1\/2-1\/2"\]/);
});
