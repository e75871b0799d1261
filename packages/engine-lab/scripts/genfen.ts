import { Game, makeFen, makeRng } from '@dama/core';
import { Engine } from '@dama/engine';
const rng = makeRng(11);
const e = new Engine({ level: 'master' });
for (let g = 0; g < 4; g++) {
  const game = new Game();
  e.newGame();
  while (!game.isOver() && game.plies < 120) {
    const legal = game.position.legalMoves();
    const m =
      game.plies < 4 ? legal[Math.floor(rng() * legal.length)] : e.search(game, { nodes: 20000 }).move!;
    game.play(m);
    if ([12, 24, 36, 50, 70, 90].includes(game.plies))
      console.log(g, game.plies, makeFen(game.position), game.counters.noProgress);
  }
  console.log(g, 'end', game.plies, game.outcome()?.reason, game.outcome()?.winner);
}
