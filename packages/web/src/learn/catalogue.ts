// The Learn section's levels, as data: stages in teaching order, grouped, each with 3–8 levels. A
// level is a position, a goal and its texts; everything it does on the board follows from the goal
// (judge.ts) and the rules. Adding a level is one entry here and its three texts in the catalogue
// (`learn_<id>_title`, `learn_<id>_task`, `learn_<id>_hint` in lib/i18n/en.ts and tr.ts);
// catalogue.test.ts proves it with the prover.

export const GROUPS = ['basics', 'tactics', 'endings', 'strategy'] as const;
export type GroupId = (typeof GROUPS)[number];

/**
 * What the player must do. `moves` counts the player's own moves.
 * - capture: take every enemy piece within `moves` (the test checks the win is by capture);
 * - win: win within `moves` (capture or block), the computer defending as long as it can;
 * - promote: make a king within `moves`;
 * - only: find the one move that wins within `moves` (the level ends after it);
 * - hold: make `moves` moves without losing, the computer attacking (one king against one king,
 *   a draw, ends it early);
 * - squares: tap every square where a legal move (of the piece on `from`, if given) ends;
 * - gain: come out `pieces` ahead in material (a man 1, a king 3) within `moves`, whatever the
 *   computer answers (counted after its answers, so a recapture takes its share back);
 * - safe: find a move after which the computer wins no material within `moves` of its own moves
 *   (the level ends after it).
 */
export type Goal =
  | { kind: 'capture'; moves: number }
  | { kind: 'win'; moves: number; par?: number }
  | { kind: 'promote'; moves: number }
  | { kind: 'only'; moves: number }
  | { kind: 'hold'; moves: number }
  | { kind: 'squares'; from?: string }
  | { kind: 'gain'; moves: number; pieces: number }
  | { kind: 'safe'; moves: number };

export type GoalKind = Goal['kind'];

export interface LearnLevel {
  /** 'man1': also names its texts (`learn_man1_title`, …) */
  id: string;
  /** PDN FEN; the side to move is the player's */
  fen: string;
  goal: Goal;
  /** a right first move ('c4xe4'), proven by the test; the browser tests play it */
  solution?: string;
}

export interface Stage {
  /** 'man': names its title and introduction (`learnStage_man`, `learnStageIntro_man`) */
  id: string;
  group: GroupId;
  levels: readonly LearnLevel[];
}

const capture = (moves: number) => ({ kind: 'capture', moves }) as const;
const win = (moves: number, par?: number) =>
  (par === undefined ? { kind: 'win', moves } : { kind: 'win', moves, par }) as Goal;
const promote = (moves: number) => ({ kind: 'promote', moves }) as const;
const only = (moves: number) => ({ kind: 'only', moves }) as const;
const hold = (moves: number) => ({ kind: 'hold', moves }) as const;
const gain = (moves: number, pieces: number) => ({ kind: 'gain', moves, pieces }) as const;
const safe = (moves: number) => ({ kind: 'safe', moves }) as const;
const squares = (from?: string): Goal =>
  from === undefined ? { kind: 'squares' } : { kind: 'squares', from };

export const STAGES: readonly Stage[] = [
  // ---- basics
  {
    id: 'man',
    group: 'basics',
    levels: [
      { id: 'man1', fen: 'W:Wd5:Ba7', goal: promote(3), solution: 'd5-d6' },
      { id: 'man2', fen: 'W:We4,e5:Be6,a7', goal: promote(2), solution: 'e5xe7' },
      { id: 'man3', fen: 'W:Wa3,h4,b6:Ba5,b5', goal: promote(2), solution: 'b6-b7' },
    ],
  },
  {
    id: 'capture',
    group: 'basics',
    levels: [
      { id: 'capture1', fen: 'W:Wd4,a2:Bd5', goal: capture(1), solution: 'd4xd6' },
      { id: 'capture2', fen: 'W:Wc4,a4,b5:Bd4,a6', goal: capture(2), solution: 'c4xe4' },
      { id: 'capture3', fen: 'W:Wd3,a4,b5:Bd4,d6,a6', goal: capture(2), solution: 'd3xd5xd7' },
    ],
  },
  {
    id: 'compulsory',
    group: 'basics',
    levels: [
      { id: 'compulsory1', fen: 'W:Wc3,f2:Bc4,h7', goal: squares() },
      { id: 'compulsory2', fen: 'W:Wb3,f3:Bb4,f4,f6', goal: squares() },
      { id: 'compulsory3', fen: 'W:Wg3,c6,b7:Be3,d4,a7', goal: win(2), solution: 'g3-f3' },
    ],
  },
  {
    id: 'chain',
    group: 'basics',
    levels: [
      { id: 'chain1', fen: 'W:Wc3:Bc4,c6,d7', goal: capture(1), solution: 'c3xc5xc7xe7' },
      {
        id: 'chain2',
        fen: 'W:Wa4,h4,a3,b3,c3,d3,e3,f3,g3,h3,a2,c2,d2,f2:Bc7,h7,a6,b6,c6,d6,e6,g6,h6,a5,b5,c5,e5,g5,f4',
        goal: squares(),
      },
      { id: 'chain3', fen: 'W:Wb2:Bb3,b5,c6,e6', goal: capture(1), solution: 'b2xb4xb6xd6xf6' },
    ],
  },
  {
    id: 'promotion',
    group: 'basics',
    levels: [
      { id: 'promotion1', fen: 'W:Wb6:Bb7,Kd8', goal: squares() },
      { id: 'promotion2', fen: 'W:Wc6:Bc7,Kd8,Kf8', goal: squares() },
      { id: 'promotion3', fen: 'W:We2,h4,c6:Bf2,g2', goal: promote(2), solution: 'c6-c7' },
    ],
  },
  {
    id: 'king',
    group: 'basics',
    levels: [
      { id: 'king1', fen: 'W:Wc5,f2,Kc2:Bh7', goal: squares('c2') },
      { id: 'king2', fen: 'W:Wb2,Ke5:Bg7,b7', goal: squares('e5') },
      { id: 'king3', fen: 'W:Wh3,Kf5:BKb3', goal: win(2), solution: 'f5-f3' },
    ],
  },
  {
    id: 'longCapture',
    group: 'basics',
    levels: [
      { id: 'longCapture1', fen: 'W:WKd1:Bd5,a7', goal: squares('d1') },
      { id: 'longCapture2', fen: 'W:WKd4:Bb4,f4', goal: squares('d4') },
      { id: 'longCapture3', fen: 'W:WKa1:Ba3,c5,e3,Kc1', goal: squares('a1') },
    ],
  },
  {
    id: 'winning',
    group: 'basics',
    levels: [
      { id: 'winning1', fen: 'W:Wa2,a3,b4,c4,h2:Ba4', goal: win(1), solution: 'a3xa5' },
      { id: 'winning2', fen: 'W:Wa3,c3,g4:BKh6', goal: win(2), solution: 'g4-h4' },
      { id: 'winning3', fen: 'W:Wh2,a6,c7:BKh1', goal: win(2), solution: 'a6-a7' },
    ],
  },
  {
    id: 'draws',
    group: 'basics',
    levels: [
      { id: 'draws1', fen: 'W:WKe6:BKf3,h6', goal: hold(5), solution: 'e6-e7' },
      { id: 'draws2', fen: 'W:WKg6:BKa1,Ka6', goal: hold(5), solution: 'g6-g7' },
      { id: 'draws3', fen: 'W:WKf2:Ba2,Kc3', goal: hold(5), solution: 'f2-f4' },
    ],
  },
  // ---- tactics
  {
    id: 'sacrifice',
    group: 'tactics',
    levels: [
      { id: 'sacrifice1', fen: 'W:Wc3,f3,g4,h4,b5:Be4,f5,a6,d6,e6,g6', goal: gain(2, 2), solution: 'g4-f4' },
      {
        id: 'sacrifice2',
        fen: 'W:Wc2,d2,g2,h2,h3,b6:Bf3,g4,f5,h5,e6,h6',
        goal: gain(2, 3),
        solution: 'g2-g3',
      },
      {
        id: 'sacrifice3',
        fen: 'W:Wa2,b2,a3,c3,e4,a5:Bb5,c5,d5,e6,b7,d7,f7',
        goal: gain(2, 4),
        solution: 'c3-c4',
      },
      {
        id: 'sacrifice4',
        fen: 'W:Wd2,g2,a3,d3,f3,g3,h3,g4,h4:Bd4,d5,f5,h5,d6,g6,h6,h7',
        goal: gain(2, 2),
        solution: 'g4-g5',
      },
    ],
  },
  {
    id: 'decoy',
    group: 'tactics',
    levels: [
      { id: 'decoy1', fen: 'W:Wg3,c4,a5:BKg1,c6,d7', goal: win(2), solution: 'c4-c5' },
      { id: 'decoy2', fen: 'W:Wa3,d3,a4,g4,f5,g5:Ba6,b6,d6,e6,h6', goal: gain(3, 2), solution: 'f5-f6' },
      {
        id: 'decoy3',
        fen: 'W:Wc2,f2,h2,b3,e4,f4,a5,f5:Be3,b6,d6,e6,f6,e7,f7',
        goal: gain(3, 2),
        solution: 'e4-e5',
      },
    ],
  },
  {
    id: 'breakthrough',
    group: 'tactics',
    levels: [
      { id: 'breakthrough1', fen: 'W:Wh2,a3,h6:Ba5,b7', goal: promote(3), solution: 'a3-a4' },
      { id: 'breakthrough2', fen: 'W:Wf3,d4,b6:Bd6,f6', goal: promote(3), solution: 'd4-d5' },
      { id: 'breakthrough3', fen: 'W:Wh2,c3,a6:Bd2,c7', goal: promote(3), solution: 'a6-a7' },
    ],
  },
  {
    id: 'trap',
    group: 'tactics',
    levels: [
      { id: 'trap1', fen: 'W:Wh2,f3,b4,f4:BKc3,h5,e6,g6,h6,g7', goal: gain(2, 2), solution: 'h2-h3' },
      { id: 'trap2', fen: 'W:Wa2,a3,c3,g3,b4,d4:BKf4,b7,d7,e7,f7,g7', goal: gain(2, 2), solution: 'd4-d5' },
      { id: 'trap3', fen: 'W:Wa2,f2,g2,a3,f3,g5:BKf6,d7,e7', goal: gain(2, 2), solution: 'g5-f5' },
    ],
  },
  {
    id: 'tempo',
    group: 'tactics',
    levels: [
      { id: 'tempo1', fen: 'W:Wh2,b7,c7:Bf4,h4,a7', goal: win(3), solution: 'h2-h3' },
      {
        id: 'tempo2',
        fen: 'W:Wf2,h2,e3,h3,b4,g4:Ba3,a4,f5,h5,c6,f6,c7,h7',
        goal: gain(2, 3),
        solution: 'g4-h4',
      },
      {
        id: 'tempo3',
        fen: 'W:Wd2,f2,h2,a4,f4,a5,c5,e5:Bg4,h4,a6,b6,d6,a7,e7',
        goal: gain(2, 3),
        solution: 'c5-c6',
      },
    ],
  },
  // ---- endings (at most 5 pieces, at most 15 plies: the prover answers at once on a phone)
  {
    id: 'threeKings',
    group: 'endings',
    levels: [
      { id: 'threeKings1', fen: 'W:WKa1,Ka2,Ka3:BKh8', goal: win(3), solution: 'a1-h1' },
      { id: 'threeKings2', fen: 'W:WKb1,Ke1,Kf6:BKc8', goal: win(4), solution: 'f6-a6' },
      { id: 'threeKings3', fen: 'W:WKa7,Ke8,Kg8:BKc1', goal: win(4), solution: 'a7-a1' },
    ],
  },
  {
    id: 'kingMan',
    group: 'endings',
    levels: [
      { id: 'kingMan1', fen: 'W:WKc1,a6:BKg6', goal: win(3, 2), solution: 'c1-c6' },
      { id: 'kingMan2', fen: 'W:WKd1,h7:BKd8', goal: win(4, 3), solution: 'h7-h8' },
      { id: 'kingMan3', fen: 'W:WKe1,h7:BKf7', goal: win(5, 4), solution: 'e1-f1' },
    ],
  },
  {
    id: 'twoKings',
    group: 'endings',
    levels: [
      { id: 'twoKings1', fen: 'W:WKh1:BKa1,Ka4', goal: hold(5), solution: 'h1-h2' },
      { id: 'twoKings2', fen: 'W:WKe4:BKa5,Ke8', goal: hold(5), solution: 'e4-f4' },
      { id: 'twoKings3', fen: 'W:WKh7,Ke8:BKa7', goal: win(4, 3), solution: 'e8-a8' },
    ],
  },
  {
    id: 'races',
    group: 'endings',
    levels: [
      { id: 'races1', fen: 'W:Wd3,c6:Ba7,f7', goal: promote(3), solution: 'c6-c7' },
      { id: 'races2', fen: 'W:Wg7,h7:Bh4,h5', goal: win(4), solution: 'g7-g8' },
      { id: 'races3', fen: 'W:Wf3,h7:Bh4,h5', goal: win(4), solution: 'h7-h8' },
    ],
  },
  {
    id: 'holding',
    group: 'endings',
    levels: [
      { id: 'holding1', fen: 'W:WKd3:BKd1,h3', goal: hold(5), solution: 'd3-d8' },
      { id: 'holding2', fen: 'W:WKf5:Ba5,Kc8', goal: hold(5), solution: 'f5-f6' },
      { id: 'holding3', fen: 'W:Wg3,Kd4:BKg1,Kc5', goal: hold(5), solution: 'g3-g4' },
    ],
  },
  // ---- strategy
  {
    id: 'together',
    group: 'strategy',
    levels: [
      { id: 'together1', fen: 'W:Wb3,d3,g3,c4,d4,h4:Bc5,d5,c6,d6,h7', goal: safe(2), solution: 'b3-c3' },
      { id: 'together2', fen: 'W:Wb4,c3,g3:Ba4,d4,b6', goal: safe(2), solution: 'c3-c4' },
      { id: 'together3', fen: 'W:Wa2,b3,c4,f3:Ba4,f6,g6,g7', goal: gain(2, 1), solution: 'b3-a3' },
      { id: 'together4', fen: 'W:Wd3,d4,g3:Bc5,e5,c6,e6,f7', goal: gain(2, 1), solution: 'd4-d5' },
    ],
  },
  {
    id: 'backRows',
    group: 'strategy',
    levels: [
      { id: 'backRows1', fen: 'W:We2,f2,d4:Bd3,g3,e5', goal: safe(2), solution: 'd4-c4' },
      { id: 'backRows2', fen: 'W:Wa2,d2,a3:Bc3,e6,f6', goal: safe(2), solution: 'a3-a4' },
      { id: 'backRows3', fen: 'W:Wd2,f2:Bc3,e3,d4', goal: safe(2), solution: 'f2-g2' },
    ],
  },
  {
    id: 'firstKing',
    group: 'strategy',
    levels: [
      { id: 'firstKing1', fen: 'W:Wb2,d2,b7,c7:Ba2,g4,f5,b6', goal: only(2), solution: 'b7-b8' },
      { id: 'firstKing2', fen: 'W:Wf3,c7,d7,h7:Bd3,e3,c4,h6', goal: only(2), solution: 'h7-h8' },
      { id: 'firstKing3', fen: 'W:Wb2,b4,g6,e7:Bf2,g3,e4,h6', goal: only(2), solution: 'e7-e8' },
    ],
  },
];

/** Every level in teaching order. */
export const LEARN_LEVELS: readonly LearnLevel[] = STAGES.flatMap((s) => s.levels);

/** The stage a level belongs to. */
export const stageOf = (levelId: string): Stage | undefined =>
  STAGES.find((s) => s.levels.some((l) => l.id === levelId));
