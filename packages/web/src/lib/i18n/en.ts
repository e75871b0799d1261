// English texts. `tr.ts` must have exactly the same keys (the type below and i18n.test.ts check it).
import type { FenErrorCode, OutcomeReason, PositionErrorCode } from '@dama/core';
import { pushEn } from './push.ts';

type Side = 'white' | 'black';

/** 1st, 2nd, 3rd, 4th … */
const ordinal = (n: number): string => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};

const days = (n: number): string => `${n} ${n === 1 ? 'day' : 'days'}`;

// ---- the analysis board and the game review
type SideName = 'white' | 'black';
type JudgementName = 'inaccuracy' | 'mistake' | 'blunder';
type EditToolName = 'white-man' | 'white-king' | 'black-man' | 'black-king' | 'erase';
type SetupCode = FenErrorCode | PositionErrorCode | 'no-pieces';
const sideEn = (s: SideName) => (s === 'white' ? 'White' : 'Black');
const judgementEn: Record<JudgementName, string> = {
  inaccuracy: 'Inaccuracy',
  mistake: 'Mistake',
  blunder: 'Blunder',
};
/** The square named in a core error message ("… on h8; …"), or '?'. */
export const squareIn = (detail: string): string => /\b([a-h][1-8])\b/.exec(detail)?.[1] ?? '?';
/** The quoted part of a core error message, or '?'. */
export const quotedIn = (detail: string): string => /"([^"]*)"/.exec(detail)?.[1] ?? '?';

export const en = {
  appName: 'Dama',
  tagline: 'Turkish draughts: play at once, no sign-up',
  // navigation
  back: 'Back',
  home: 'Home',
  settings: 'Settings',
  rules: 'Rules',
  records: 'My games',
  // home
  continueGame: 'Continue your game',
  continueVsComputer: (level: string, moves: number) =>
    `Against the computer (${level}), ${moves === 1 ? '1 move' : `${moves} moves`}`,
  continueTwoPlayers: (moves: number) => `Two players, ${moves === 1 ? '1 move' : `${moves} moves`}`,
  quickGame: 'Play the computer',
  twoPlayers: 'Two players',
  twoPlayersNote: 'On this device, taking turns',
  dailyPuzzle: 'Daily puzzle',
  /** The puzzle page's header: it holds the daily puzzle, the archive, training, streak and storm. */
  puzzlesTitle: 'Puzzles',
  dailyPuzzleNote: 'A new position to solve every day',
  level: 'Level',
  // the computer's eight levels (lib/setup.ts PLAY_LEVELS): a name, and one line on how it plays
  quickGameNote: 'Eight levels, from a newcomer to Master',
  level_1: 'Newcomer',
  level_2: 'Learner',
  level_3: 'Amateur',
  level_4: 'Park player',
  level_5: 'Club player',
  level_6: 'Strong player',
  level_7: 'Expert',
  level_8: 'Master',
  levelNote_1: 'Sees only its own move and leaves pieces to be taken',
  levelNote_2: 'Sees a single take coming, but misses one in three',
  levelNote_3: 'Sees a take and the retake; falls for sacrifices',
  levelNote_4: 'Looks two moves ahead; misses most sacrifices',
  levelNote_5: 'Sees longer exchanges; deep combinations escape it',
  levelNote_6: 'Sound play with the odd slip',
  levelNote_7: 'Rarely errs: a hard game for a good player',
  levelNote_8: 'Full strength: the best move it can find',
  levelNumber: (n: number) => `Level ${n}`,
  levelYourRecord: (won: number, drawn: number, lost: number) =>
    `Your record: ${won} won, ${drawn} drawn, ${lost} lost`,
  levelNotPlayed: 'You have not finished a game against this level yet',
  color: 'Your pieces',
  color_white: 'White',
  color_black: 'Black',
  color_random: 'Random',
  timeControl: 'Time',
  time_off: 'No clock',
  time_move: '40 s per move',
  time_moveNote: 'When your 40 seconds run out, the computer plays a move for you.',
  clockNote: 'Minutes each + seconds added per move. Whoever runs out of time loses.',
  twoPlayerView: 'Board',
  view_rotate: 'Turns for each player',
  view_facing: 'Face to face (tablet on a table)',
  start: 'Start',
  startGame: 'Start the game',
  // game
  white: 'White',
  black: 'Black',
  you: 'You',
  computer: 'Computer',
  toMove: (color: 'white' | 'black') => `${color === 'white' ? 'White' : 'Black'} to move`,
  yourTurn: 'Your move',
  thinking: 'Thinking…',
  mustCapture: 'You must capture',
  mustCaptureSide: (color: 'white' | 'black') => `${color === 'white' ? 'White' : 'Black'} must capture`,
  undo: 'Take back',
  hint: 'What would the master play?',
  hintShort: 'Hint',
  hintShown: (move: string) => `The master would play ${move}.`,
  hintBusy: 'The master is thinking…',
  offerDraw: 'Offer a draw',
  drawShort: 'Draw',
  drawDeclined: (left: number) =>
    `The computer declines the draw. ${left === 0 ? 'No offers left in this game.' : left === 1 ? 'You may offer once more.' : `You may offer ${left} more times.`}`,
  drawThinking: 'The computer considers your offer…',
  drawOfferConfirm: 'Offer the computer a draw?',
  drawAsk: 'Do you both agree to a draw?',
  resign: 'Resign',
  resignConfirm: 'Resign this game?',
  resignConfirmTwo: (side: string) => `Does ${side} resign?`,
  yes: 'Yes',
  no: 'No',
  cancel: 'Cancel',
  close: 'Close',
  moves: 'Moves',
  moveCount: (n: number) => (n === 1 ? '1 move' : `${n} moves`),
  noMovesYet: 'No moves yet',
  first: 'First move',
  prev: 'Previous move',
  next: 'Next move',
  last: 'Last move',
  backToGame: 'Back to the game',
  viewingPast: (n: number) => `Looking at move ${n}`,
  viewingStart: 'The starting position',
  typeMove: 'Type a move',
  typeMovePlaceholder: 'e.g. c3-c4',
  play: 'Play',
  badMove: (text: string) => `${text} is not a legal move here.`,
  menu: 'Game menu',
  newGame: 'New game',
  rematch: 'Rematch',
  flip: 'Turn the board',
  timeLow: 'Low on time!',
  autoMove: 'Time is up: the computer played your move.',
  engineFailed: 'The computer could not start. Two-player games still work.',
  pageFailed: 'This page could not be loaded. Check your connection and try again.',
  materialAhead: (n: number) => (n === 1 ? 'one piece ahead' : `${n} pieces ahead`),
  capturesAfter: (byWhite: number, byBlack: number) => `Captured: White ${byWhite}, Black ${byBlack}`,
  gameTitleVsComputer: (level: string) => `Computer · ${level}`,
  // end of game
  winsWhite: 'White wins',
  winsBlack: 'Black wins',
  youWin: 'You win!',
  youLose: 'The computer wins',
  drawn: 'Draw',
  reason_no_pieces: 'all pieces taken',
  reason_blocked: 'no move left',
  reason_resignation: 'by resignation',
  reason_timeout: 'on time',
  reason_agreement: 'by agreement',
  reason_repetition: 'the same position three times',
  reason_king_vs_king: 'one king each',
  reason_no_progress: '25 moves without progress',
  reason_one_piece_each: 'one piece each',
  reason_king_vs_man: 'a king against a man',
  reason_kings_only: '30 moves of kings only',
  // records
  exportPdn: 'Export (PDN)',
  /** open a game (or a position) on the analysis board */
  analyse: 'Analyse',
  analysisBoard: 'Analysis board',
  /** the title of the one-tap link from a game, a puzzle or a rules diagram */
  openAnalysis: 'Open on the analysis board',
  copy: 'Copy',
  copied: 'Copied',
  download: 'Download',
  importPdn: 'Import a PDN game',
  importHint: 'Paste a game record, or choose a .pdn file.',
  chooseFile: 'Choose a file',
  importButton: 'Open',
  importError: 'This game could not be read.',
  importError_empty: 'There is no game in this text.',
  importError_long: 'This text is too long to be a game record.',
  importError_syntax: 'This text is not written as a game record (PDN).',
  importError_fen: 'Its starting position (the FEN tag) is not a valid position.',
  importError_move: (n: number, move: string) => `Move ${n} (${move}) is not legal in the game.`,
  pdnEventVsComputer: (level: string) => `Dama against the computer (${level})`,
  pdnEventTwoPlayers: 'Dama, two players',
  pdnEventOnline: 'Dama, online game',
  noRecords: 'Your finished games will appear here.',
  replay: 'Replay',
  deleteGame: 'Delete',
  // unfinished games, deleting with undo, refused taps, the record against each level
  gameDeleted: (what: string) => `Deleted: ${what}`,
  undoDelete: 'Undo',
  /** a PDN import whose games are all in the list already (nothing was added) */
  importDuplicate: (n: number) =>
    n === 1 ? 'This game is already in My games.' : `These ${n} games are already in My games.`,
  importDuplicateShow: 'Show it',
  unfinishedGame: 'Unfinished',
  continueShort: 'Continue',
  replaceTitle: 'Start a new game?',
  replaceBody: (moves: number) =>
    `Your game in progress (${moves === 1 ? '1 move' : `${moves} moves`}) is not finished. It will wait in My games, where you can continue it.`,
  replaceConfirm: 'Start a new game',
  refusedCapture: 'A capture is compulsory: move one of the glowing pieces.',
  refusedBlocked: 'This piece is blocked: it has no move.',
  onlineTitle: 'Online game',
  levelRecord: 'Your results against the computer',
  levelRecordLegend: 'won–drawn–lost',
  levelTally: (level: string, won: number, drawn: number, lost: number) =>
    `${level}: ${won} won, ${drawn} drawn, ${lost} lost`,
  imported: 'Imported game',
  result: 'Result',
  vsComputer: (level: string) => `against the computer (${level})`,
  /** a game against a person in My games */
  vsPerson: (name: string) => `Against ${name}`,
  twoPlayerGame: 'Two players',
  // settings
  language: 'Language',
  boardStyle: 'Board',
  theme_classic: 'Wooden, one colour',
  theme_two_tone: 'Two-tone squares',
  coordinates: 'Coordinates on the board',
  sound: 'Sounds',
  animation: 'Animation',
  anim_off: 'Off',
  anim_slow: 'Slow',
  anim_normal: 'Normal',
  anim_fast: 'Fast',
  showDests: 'Show legal moves',
  confirmMove: 'Confirm moves with a second tap',
  touchMove: 'Touch-move: a touched piece must be played',
  fastReplies: 'The computer replies at once',
  drawRules: 'Optional draw rules',
  drawRulesNote: 'They apply to games started after the change.',
  rule_onePieceEach: 'One piece each is a draw',
  rule_kingVsMan: 'A king against a man is a draw',
  rule_kingsOnly: '30 moves each with only kings moving is a draw',
  // notices
  corruptGame: 'Your saved game could not be read, so it was set aside. You can start a new one.',
  corruptSettings: 'Your saved settings could not be read; the defaults are back.',
  corruptRecords: 'Your list of games could not be read, so it was set aside.',
  updateReady: 'A new version is ready.',
  reload: 'Reload',
  offlineReady: 'Ready to play offline.',
  // accessibility
  boardLabel: 'Draughts board',
  moved: (side: string, move: string) => `${side}: ${move}`,
  emptySquare: 'empty',
  man: 'man',
  king: 'king',
  whiteMan: 'white man',
  whiteKing: 'white king',
  blackMan: 'black man',
  blackKing: 'black king',
  mustCaptureSq: 'must capture',
  takenSq: 'will be taken',
  destSq: 'destination',
  // rules page (headings; the body is in rules-content)
  rulesTitle: 'How to play Turkish draughts',
  // the daily puzzle
  puzzleArchiveTitle: 'Puzzle',
  puzzlePreview: 'preview',
  puzzleBadgeArchive: 'archive',
  puzzleBadgePractice: 'practice',
  puzzleToPlay: (side: Side, moves: number) =>
    `${side === 'white' ? 'White' : 'Black'} to play and win in ${moves} moves`,
  puzzleTabToday: 'Today',
  puzzleTabArchive: 'Archive',
  puzzleTries: 'Tries',
  puzzleTriesLeft: (n: number) => (n === 0 ? 'No tries left' : `${n} ${n === 1 ? 'try' : 'tries'} left`),
  // what is happening, under the board
  puzzleStatusStart: 'Find the winning move.',
  puzzleStatusNext: 'Correct! Find the next move.',
  puzzleStatusReply: 'Correct! Now the reply…',
  puzzleStatusWrong: (move: string) => `${move} does not win. Watch the reply.`,
  puzzleStatusRetry: (n: number) => `Try again from the start: ${n} ${n === 1 ? 'try' : 'tries'} left.`,
  puzzleStatusFailed: 'That was the last try. Here comes the solution…',
  puzzleStatusSolution: 'That is the solution.',
  puzzleStatusSolved: 'Solved!',
  puzzleStatusWasSolved: 'You solved this puzzle.',
  puzzleStatusWasFailed: 'This one got away. The solution is on the board.',
  puzzleStatusPractice: 'Practice: nothing is recorded.',
  // the end
  puzzleSolvedTitle: 'Well done, solved!',
  puzzleSolvedOnTry: (n: number) => `Solved on your ${ordinal(n)} try.`,
  puzzleFailedTitle: 'Not this time',
  puzzleFailedNote: 'Three tries are used up. Study the solution and come back tomorrow.',
  puzzleStreak: 'Streak',
  puzzleBest: 'Best',
  puzzleDays: days,
  puzzleArchiveNoStreak: 'Archive puzzles do not change your streak.',
  puzzlePracticeNoStreak: 'Practice games are not recorded.',
  puzzleNextPuzzle: 'A new puzzle arrives at midnight, Istanbul time.',
  puzzleSolution: 'Solution',
  puzzleReplaySolution: 'Replay the solution',
  puzzlePlayAgain: 'Try it again (not counted)',
  puzzleOpenArchive: 'Earlier puzzles',
  puzzleBackToToday: "Today's puzzle",
  // sharing
  puzzleShare: 'Share',
  puzzleShared: 'Shared.',
  puzzleCopied: 'Copied. Paste it anywhere.',
  puzzleShareFailed: 'Could not copy. Select the text and copy it yourself:',
  puzzleShareSolved: (label: string, attempt: number, streak: number) =>
    `Dama daily puzzle ${label} ✅ ${ordinal(attempt)} try${streak > 0 ? ` · 🔥 ${days(streak)}` : ''}`,
  puzzleShareSolvedArchive: (label: string, attempt: number) =>
    `Dama puzzle ${label} (archive) ✅ ${ordinal(attempt)} try`,
  puzzleShareFailedText: (label: string) => `Dama daily puzzle ${label} ❌ not this time`,
  puzzleShareFailedArchive: (label: string) => `Dama puzzle ${label} (archive) ❌ not this time`,
  // archive
  puzzleArchiveIntro: 'Puzzles of the past days. Playing them does not change your streak.',
  puzzleArchiveEmpty: 'The archive starts filling up the day after the first puzzle.',
  puzzleOlderDays: 'Older days',
  puzzleMarkSolved: 'Solved',
  puzzleMarkFailed: 'Not solved',
  puzzleMarkStarted: 'Started',
  puzzleMarkUnplayed: 'Not played yet',
  // troubles
  puzzleStoreRepaired:
    'Part of your puzzle history could not be read and was left out. Your streak counts only what is certain.',
  puzzleStoreReset: 'Your puzzle history could not be read, so it was set aside. Today starts afresh.',
  puzzleStoreUnsaved: 'Your results cannot be saved on this device (storage is off or full).',
  puzzleBankFailed: 'The puzzles could not be loaded. Check your connection and reload.',
  puzzleStatusSlower: (move: string, winsIn: number | undefined, movesLeft: number) =>
    winsIn === undefined
      ? `${move} may still win, but not in ${movesLeft} ${movesLeft === 1 ? 'move' : 'moves'}. No try used: look for the quicker way.`
      : `${move} wins too, but needs ${winsIn} moves, and here ${movesLeft} ${movesLeft === 1 ? 'is' : 'are'} enough. No try used: find the quicker way.`,
  puzzleStatusRetryHere: (n: number) =>
    `Try again from this position: ${n} ${n === 1 ? 'try' : 'tries'} left.`,
  puzzleHint: 'Hint',
  puzzleStatusHint: 'The marked piece makes the next move.',
  puzzleHintUsed: 'Hint used',
  puzzleShareHint: ' · 💡 with a hint',
  puzzleBankEnded: (last: string) =>
    `There is no puzzle for today: the puzzle bank ended on ${last}. New puzzles are on the way.`,
  puzzleDetails: 'Difficulty and themes',
  puzzleShowDetails: 'Show difficulty and themes',
  puzzleDifficulty: (n: number) => `Difficulty ${n} of 5`,
  puzzleTheme_sacrifice: 'sacrifice',
  puzzleTheme_decoy: 'decoy',
  puzzleTheme_clearance: 'clearance',
  puzzleTheme_blockade: 'blockade',
  puzzleTheme_promotion: 'promotion',
  puzzleTheme_breakthrough: 'breakthrough',
  'puzzleTheme_multi-capture': 'multi-capture',
  puzzleTheme_quiet: 'quiet move',
  puzzleTheme_king: 'king play',
  puzzleTabTraining: 'Training',
  trainingRating: (rating: number, rd: number) => `Your rating: ${rating} ± ${rd}`,
  trainingDifficulty: 'Difficulty',
  trainingTheme: 'Theme',
  trainingAny: 'Any',
  trainingOffset: 'Compared with you',
  trainingOffsetSame: 'Your level',
  trainingOffsetChoice: (offset: number): string =>
    offset <= -400 ? 'Much easier' : offset < 0 ? 'Easier' : offset >= 400 ? 'Much harder' : 'Harder',
  trainingNext: 'Next puzzle',
  trainingRetryTitle: 'Failed puzzles to retry',
  trainingRetryNone: 'No failed puzzles waiting.',
  trainingPuzzle: (id: number) => `Training puzzle ${id}`,
  trainingSolved: (change: number) => `Solved! Rating ${change >= 0 ? '+' : ''}${change}.`,
  trainingFailed: (change: number) =>
    `Not solved: the solution is on the board. Rating ${change}. It waits in your retry list.`,
  trainingUnrated: (why: 'solution-seen' | 'hinted' | 'replay'): string =>
    why === 'solution-seen'
      ? 'you had seen its solution'
      : why === 'hinted'
        ? 'you took a hint'
        : 'you had played it before',
  trainingSolvedUnrated: (why: string) => `Solved! Not rated: ${why}.`,
  trainingFailedUnrated: (why: string) => `Not solved: the solution is on the board. Not rated: ${why}.`,
  trainingEmpty: 'No puzzle left for this choice. Try another difficulty or theme.',
  trainingHistoryTrouble: 'Part of your training record could not be read and was left out.',
  // ---- the puzzle dashboard (src/puzzle: dashboard-view)
  puzzleDashOpen: 'Dashboard',
  puzzleDashTitle: 'Your puzzle dashboard',
  puzzleDashPeriod: 'Period',
  puzzleDashDays: (days: number) => `Last ${days} days`,
  puzzleDashPlayed: 'Played',
  puzzleDashSolved: 'Solved',
  puzzleDashPerformance: 'Performance',
  puzzleDashPercent: (n: number) => `${n}%`,
  puzzleDashThemes: 'Themes, weakest first',
  puzzleDashThemeLine: (plays: number, percent: number) =>
    `${plays} ${plays === 1 ? 'puzzle' : 'puzzles'} · ${percent}% solved`,
  puzzleDashFew: (min: number) => `Too few to judge yet: a theme needs ${min} puzzles.`,
  puzzleDashWorkOn: 'Work on these first',
  puzzleDashNothingWeak: 'No weak theme here: you solved every puzzle of the themes you played enough.',
  puzzleDashTrain: 'Train',
  puzzleDashTrainTheme: (theme: string) => `Train ${theme} puzzles`,
  puzzleDashEmpty: (days: number) =>
    `You have not played a training puzzle in the last ${days} days. Your figures will appear here once you do.`,
  puzzleDashStart: 'Start training',
  puzzleDashNote:
    'Performance is the average rating of the puzzles you played, raised by your solves and lowered by your misses. A puzzle solved with a hint counts as played, not as solved.',
  puzzleDashBack: 'Back to training',
  // ---- learn from your mistakes (src/puzzle: mistakes-*; the review's button in src/analysis)
  mistakesPractise: (n: number, side?: Side) =>
    side === undefined
      ? `Learn from your mistakes (${n})`
      : `Learn from ${side === 'white' ? "White's" : "Black's"} mistakes (${n})`,
  mistakesOpen: (n: number) => (n > 0 ? `Your mistakes (${n} to solve)` : 'Your mistakes'),
  mistakesTitle: 'Learn from your mistakes',
  mistakesIntro: 'Positions from your reviewed games where you went wrong. Find the better move.',
  mistakesEmpty:
    'No mistakes kept yet. Review a finished game from My games, and its mistakes and blunders will wait here as puzzles.',
  mistakesCount: (solved: number, total: number) => `${solved} of ${total} solved`,
  mistakesEntry: (move: number, judgement: 'mistake' | 'blunder') =>
    `Move ${move} · ${judgement === 'blunder' ? 'blunder' : 'mistake'}`,
  mistakesSolvedMark: 'Solved',
  mistakesOpenMark: 'To solve',
  mistakesTask: (side: Side) =>
    `${side === 'white' ? 'White' : 'Black'} to play: find a better move than the one in your game.`,
  mistakesPlayed: (move: string, judgement: 'mistake' | 'blunder') =>
    `In the game you played ${move}, ${judgement === 'blunder' ? 'a blunder' : 'a mistake'}.`,
  mistakesChecking: 'Looking at your move…',
  mistakesBest: (move: string) => `Yes! ${move} is the engine's choice.`,
  mistakesGood: (move: string, best: string) => `Well found: ${move} is as good as the engine's ${best}.`,
  mistakesAgain: (move: string) => `${move} is the move from your game, and this is the answer it allows.`,
  mistakesWorse: (move: string) => `${move} is not good enough here. Try another move.`,
  mistakesUnknown: 'This move could not be checked: the engine is not available. Try again later.',
  mistakesTryAgain: 'Try another move.',
  mistakesShow: 'Show the better move',
  mistakesShown: (best: string) => `The better move was ${best}.`,
  mistakesNext: 'Next mistake',
  mistakesAll: 'All mistakes',
  mistakesGame: 'Open the game',
  mistakesTrouble: 'Part of your kept mistakes could not be read; the old record was set aside.',
  // ---- puzzle streak and puzzle storm (src/puzzle: streak-*, storm-*)
  puzzleStreakTab: 'Streak',
  puzzleStreakTitle: 'Puzzle streak',
  puzzleStreakRules:
    'The puzzles get harder as you go. One wrong move ends the run, and you may skip one puzzle.',
  puzzleStreakScore: 'Solved',
  puzzleStreakBest: (n: number) => `Best: ${n}`,
  puzzleStreakSkip: 'Skip this puzzle',
  puzzleStreakSkipUsed: 'Skip used',
  puzzleStreakNext: 'Solved! Here comes the next one…',
  puzzleStreakSolutionComing: 'Here comes the solution…',
  puzzleStreakOverTitle: 'The streak is over',
  puzzleStreakOverScore: (n: number) =>
    n === 0
      ? 'The first puzzle stopped you this time.'
      : `You solved ${n} ${n === 1 ? 'puzzle' : 'puzzles'} in a row.`,
  puzzleStreakNewBest: 'A new best on this device!',
  puzzleStreakBestNote: (n: number) => `Your best on this device: ${n}.`,
  puzzleStreakAgain: 'New streak',
  puzzleStreakEmpty: 'There are no puzzles left for this run.',
  puzzleStreakTrouble: 'Part of your streak and storm bests could not be read; the old record was set aside.',
  puzzleStormTab: 'Storm',
  puzzleStormTitle: 'Puzzle storm',
  puzzleStormRules:
    'Three minutes, easy puzzles first. A wrong move costs 10 seconds; good moves in a row win you time.',
  puzzleStormClockWaits: 'The clock starts with your first move.',
  puzzleStormClock: 'Time left',
  puzzleStormScore: 'Solved',
  puzzleStormCombo: 'Combo',
  puzzleStormNextBonus: (at: number, seconds: number) => `+${seconds} s at ${at}`,
  puzzleStormTimeChange: (seconds: number) => (seconds >= 0 ? `+${seconds} s` : `−${-seconds} s`),
  puzzleStormSolvedNext: 'Solved! Here is the next one.',
  puzzleStormMissed: 'Wrong move: 10 seconds gone. Here is the next one.',
  puzzleStormOverTitle: 'The storm is over',
  puzzleStormOverScore: (n: number) => `${n} ${n === 1 ? 'puzzle' : 'puzzles'} solved`,
  puzzleStormMoves: 'Moves',
  puzzleStormAccuracy: 'Accuracy',
  puzzleStormPercent: (n: number) => `${n}%`,
  puzzleStormBestCombo: 'Best combo',
  puzzleStormTime: 'Time',
  puzzleStormNewBest: 'A new best on this device!',
  puzzleStormNewDayBest: 'Your best today!',
  puzzleStormBestToday: 'Best today',
  puzzleStormBestEver: 'Best ever',
  puzzleStormAgain: 'New storm',
  puzzleStormPlayed: 'The puzzles of this run',
  puzzleStormEntry: (id: number, solved: boolean) =>
    `Puzzle ${id}, ${solved ? 'solved' : 'missed'}: open it on the analysis board`,
  puzzleStormEmpty: 'There are no puzzles left for this run.',
  puzzleStormTrouble: 'Part of your streak and storm bests could not be read; the old record was set aside.',
  homePuzzleNotYet: 'Not played yet today.',
  homePuzzleSolved: 'Solved today.',
  homePuzzleFailed: 'Not solved today; a new one comes tomorrow.',
  homePuzzleStarted: (n: number) => `Started: ${n} ${n === 1 ? 'try' : 'tries'} left.`,
  homePuzzleStreak: (n: number) => `Streak: ${days(n)}`,
  puzzleLoading: 'Loading the puzzle…',
  // play a friend online (src/online)
  online: 'Play a friend online',
  onlineNote: 'Send a link; your friend opens it and plays',
  onlineCreate: 'Create the link',
  onlineCreating: 'Creating the game…',
  onlineColor: 'Your pieces',
  onlineInvite: 'Send this link to your friend. The game starts when they open it.',
  onlineLink: 'Link for your friend',
  onlineShare: 'Share',
  onlineShareText: 'Play Turkish draughts with me',
  onlineQr: 'QR code of the link',
  onlineWaiting: 'Waiting for your friend…',
  onlineFriendWins: 'Your friend wins',
  onlineFriend: 'Friend',
  onlineWatching: 'You are watching this game',
  onlineYourMove: 'Your move',
  onlineTheirMove: "Your friend's move",
  onlineConnecting: 'Connecting…',
  onlineReconnecting: 'Connection lost. Reconnecting…',
  onlineUnreachable: 'The game server cannot be reached. It will keep trying.',
  onlineUnknown: 'This game does not exist any more (games nobody plays expire).',
  onlineCreateFailed: 'The game could not be created. Try again in a moment.',
  onlineTooMany: 'You have too many open games. Finish or leave one first.',
  onlinePresence_online: 'online',
  onlinePresence_away: 'away',
  onlinePresence_reconnecting: 'reconnecting',
  onlinePresence_gone: 'left',
  onlinePresence_empty: 'not here yet',
  onlineClaim: 'Claim the win',
  onlineClaimNote: 'Your friend has left the game. You may wait or claim the win.',
  onlineDrawOffered: 'You offered a draw.',
  onlineDrawFromFriend: 'Your friend offers a draw.',
  onlineAccept: 'Accept',
  onlineDecline: 'Decline',
  onlineRematchAsked: 'You asked for a rematch.',
  onlineRematchFromFriend: 'Your friend wants a rematch.',
  onlineRefused: 'The server did not accept that.',
  onlineIllegal: 'That move is not legal here.',
  onlineNotYourTurn: 'It is not your turn.',
  onlineReact: 'Send a reaction',
  react_hello: 'Hello!',
  react_good_luck: 'Good luck!',
  react_well_played: 'Well played!',
  react_thanks: 'Thanks!',
  react_oops: 'Oops!',
  react_wow: 'Wow!',
  reason_abandoned: 'the opponent left',
  reasonAbandonedYou: 'you were away too long',
  onlineMoveLost: 'Your move was not played: the game had changed before it reached the server.',
  onlineBusy: 'The server is busy. Try again in a moment.',
  onlineReconnectingShort: 'Reconnecting…',
  onlinePendingMove: 'Your move will be sent as soon as the connection is back.',
  onlineDrawConfirm: (last: boolean): string =>
    last ? 'Offer your friend a draw? It is your last offer in this game.' : 'Offer your friend a draw?',
  onlineDrawDeclined: (left: number) =>
    `Your friend declined the draw. ${left === 0 ? 'You have no offers left in this game.' : left === 1 ? 'You may offer once more.' : `You may offer ${left} more times.`}`,
  onlineNoDrawOffers: 'You have no draw offers left in this game.',
  onlineDrawYes: 'Offer a draw',
  onlineTakeback: 'Ask to take back your last move',
  onlineTakebackAsked: 'You asked to take back your last move.',
  onlineTakebackFromFriend: 'Your friend asks to take back their last move.',
  onlineTakebackDeclined: 'Your friend did not agree to take back your move.',
  onlineTakenBackMine: 'Your friend agreed: your move is taken back. Play again.',
  onlineTakenBackTheirs: "Your friend's move is taken back.",
  onlineTakenBack: 'A move was taken back.',
  onlineNothingToTakeBack: 'You have no move to take back.',
  onlineCancel: 'Cancel',
  onlineCancelConfirm: 'Cancel this game? The link you sent will stop working.',
  onlineCancelYes: 'Cancel the game',
  onlineAborted: 'Game aborted',
  onlineCancelledNote: 'The game was cancelled before it started.',
  onlineAbortedNoMove: (who: 'you' | 'friend' | Side) =>
    `${who === 'you' ? 'You did not make your first move' : who === 'friend' ? 'Your friend did not make their first move' : `${who === 'white' ? 'White' : 'Black'} did not make the first move`} in time. The game does not count.`,
  onlineExpiredNote: 'Nobody played this game for a long time, so it ended without a result.',
  onlineAbortIn: (time: string) => `Move within ${time} or the game is aborted`,
  onlineAbortFriendIn: (time: string) => `If your friend does not move within ${time}, the game is aborted`,
  onlineRematchWaiting: 'Starting the rematch…',
  onlineRematchGo: 'Go to the rematch',
  recordYouWon: 'You won',
  recordFriendWon: 'Your friend won',
  // the player identity without sign-up, and its profile (src/player)
  profileTitle: 'Profile',
  playerIntro: 'Your player for playing people online: no sign-up, no password. It is kept on this device.',
  playerLoading: 'Getting your player ready…',
  playerNameLabel: 'Your name',
  playerJoined: (date: string) => `Joined ${date}`,
  playerChangeName: 'Change name',
  playerNameTitle: 'Choose your name',
  playerNameNote: 'Pick one word from each list. Your number stays the same.',
  playerFirstWord: 'First word',
  playerSecondWord: 'Second word',
  playerNamePreview: (name: string) => `Your new name: ${name}`,
  playerSaveName: 'Save',
  playerSavingName: 'Saving…',
  playerRenamed: (name: string) => `Your name is now ${name}.`,
  playerNamesLoading: 'Loading the word lists…',
  playerStale: 'This is your player as last seen on this device.',
  playerRetry: 'Try again',
  playerMoveTitle: 'Move to another device',
  playerMoveNote:
    'Got a new phone? Make a code here and enter it there: your player moves with it. It stays on this device too.',
  playerMakeCode: 'Show a transfer code',
  playerMakingCode: 'Making the code…',
  playerCodeLabel: 'Transfer code',
  playerCodeMade: (code: string) => `Transfer code: ${code}. It is valid for 10 minutes.`,
  playerCodeLeft: (time: string) => `Time left: ${time}`,
  playerCodeHow:
    'On the new device, open Dama, go to Profile and enter the code under “I have a code”, or scan the QR code with its camera. A code works only once.',
  playerCodeQr: 'QR code that opens Dama on another device with this transfer code',
  playerCodeExpired: 'This code has expired. Make a new one when you are ready.',
  playerNewCode: 'New code',
  playerHaveCode: 'I have a code',
  playerHaveCodeNote:
    'Bring your player from another device: make a transfer code there (Profile → Move to another device) and enter it here.',
  playerFromLink: 'This link brought a transfer code. Use it to bring your player to this device.',
  playerCodeHint: '8 letters and digits, like K7PX-3MQ2',
  playerCodeBad: 'A transfer code has 8 letters and digits, like K7PX-3MQ2. Check what you typed.',
  playerClaim: 'Use this code',
  playerClaiming: 'Checking the code…',
  playerClaimed: (name: string) => `Done: this device now plays as ${name}.`,
  playerReplaceTitle: 'Replace the player on this device?',
  playerReplaceBody: (current: string) =>
    `This device plays as ${current}. If you use this code, it will play as the player who made the code, and ${current} will be removed from this device. If ${current} is on no other device, you cannot get it back: to keep it, move it to another device first.`,
  playerReplaceYes: 'Use the code',
  playerNone: 'This device has no player yet. Make one, or bring yours from another device with a code.',
  playerCorrupt:
    'The player kept on this device could not be read, so it was set aside. Nothing else was affected. Make a new player, or bring yours from another device with a code.',
  playerUnknown: (name: string) =>
    `The server no longer knows the player kept on this device (${name}). Make a new player, or bring yours from another device with a code.`,
  playerCreate: 'Make a new player',
  playerOrCreate: 'Or make a new player for this device instead.',
  playerUnsaved:
    'This device cannot store your player (storage is off or full): it lasts only until you close this page.',
  playerErrorOffline: 'The server could not be reached. Check your internet connection and try again.',
  playerErrorTimeout: 'The server did not answer in time. Try again.',
  playerErrorBusy: 'The server is busy just now. Try again in a moment.',
  playerErrorRateLimited: 'Too many tries from this connection. Wait a minute, then try again.',
  playerErrorTooMany: 'Too many players have been made from this connection. Try again later.',
  playerErrorNotAPlayer: 'The server no longer knows the player of this device.',
  playerErrorUnknownCode:
    'This code does not work: it may be mistyped, already used or expired (a code lasts 10 minutes).',
  playerErrorBadName: 'That name is not in the lists. Choose again.',
  playerErrorBadAnswer:
    'The server’s answer could not be read, so nothing was changed on this device. Try again.',
  playerErrorServer: 'Something went wrong on the server. Try again.',
  // quick pairing: the lobby (src/lobby)
  lobbyTitle: 'Play people',
  lobbyCardNote: 'Get paired with a player now, rated or casual',
  lobbyYou: (name: string) => `You play as ${name}`,
  lobbySeekTitle: 'Seek a game',
  lobbyTimeControl: 'Time control',
  speed_bullet: 'Bullet',
  speed_blitz: 'Blitz',
  speed_rapid: 'Rapid',
  speed_classical: 'Classical',
  speed_correspondence: 'Correspondence',
  lobbyKind: 'Kind of game',
  lobbyRated: 'Rated',
  lobbyCasual: 'Casual',
  lobbyRatedNote: 'A rated game moves both players’ ratings; a casual one does not.',
  lobbyRange: 'Opponent’s rating',
  lobbyRangeAny: 'Any',
  lobbyRangeNote: (speed: string, rating: string, range: string | null) =>
    `Your ${speed.toLowerCase()} rating: ${rating} · ${range === null ? 'any opponent' : `opponents rated ${range}`}`,
  lobbySeek: 'Seek an opponent',
  lobbySeeking: 'Looking for an opponent…',
  lobbyWaited: (time: string) => `Waiting ${time}`,
  lobbyCancel: 'Cancel',
  lobbyPlayComputer: 'Play the computer while you wait',
  lobbyWaitNote:
    'Your seek stays open while you do something else: a sound and a banner tell you when an opponent is found.',
  lobbyAnyRating: 'any rating',
  lobbyCounts: (online: number, playing: number) =>
    `${online === 1 ? '1 player' : `${online} players`} online · ${playing === 1 ? '1 game' : `${playing} games`} being played`,
  lobbySeeksTitle: 'Open seeks',
  lobbyNoSeeks: 'No one else is seeking just now. Seek a game and others will see yours here.',
  lobbySeeksNote: 'Tap a seek to play that player at once.',
  lobbyOutside: 'your rating is outside their range',
  lobbyAcceptLabel: (name: string, rating: string, clock: string, kind: string) =>
    `Play ${name} (${rating}): ${clock}, ${kind}`,
  lobbyConnecting: 'Connecting to the lobby…',
  lobbyIdentity: 'Getting your player ready…',
  lobbyReconnecting: 'Connection lost. Reconnecting…',
  lobbyReconnectingSeek: 'Connection lost. Reconnecting… Your seek will be sent again.',
  lobbyPaused: (time: string) =>
    `Pairing is paused until ${time}: too many of your paired games were aborted without a first move.`,
  lobbyBusy: 'The server is busy. Your seek will be sent again in a moment.',
  lobbyWithdrawn: 'Your seek was withdrawn: you were paired in another tab or window.',
  lobbyRefused: 'The server did not take this seek. Try again in a moment.',
  lobbyUnknownPlayer: 'The server does not know the player of this device.',
  lobbyOpenProfile: 'Open your profile',
  lobbyIdentityReset: 'The player kept on this device could not be read, so a new one was made.',
  lobbyFoundTitle: 'Opponent found!',
  lobbyFoundNote: 'Your game has begun: make your first move in time, or it is aborted.',
  lobbyGoToGame: 'Go to the game',
  lobbyChip: (clock: string, time: string) => `${clock} · ${time}`,
  lobbyChipLabel: (clock: string, time: string) =>
    `Looking for an opponent (${clock}), ${time}. Open the lobby`,
  lobbyNewOpponent: 'New opponent',
  // an online game between two players of the lobby
  onlineRatedGame: 'Rated game',
  onlineCasualGame: 'Casual game',
  onlineRatingChange: (from: number, to: number) =>
    `${from} → ${to} (${to - from > 0 ? '+' : to - from < 0 ? '−' : '±'}${Math.abs(to - from)})`,
  onlineRatingLabel: (name: string, from: number, to: number) =>
    `${name}: rating ${from} → ${to}, ${to >= from ? 'up' : 'down'} ${Math.abs(to - from)}`,
  onlineOpponent: 'Opponent',
  onlineOpponentWins: (name: string) => `${name} wins`,
  onlineOpponentsMove: 'Your opponent’s move',
  onlineDrawFromOpponent: 'Your opponent offers a draw.',
  onlineRematchFromOpponent: 'Your opponent wants a rematch.',
  onlineTakebackFromOpponent: 'Your opponent asks to take back their last move.',
  onlineAbortOpponentIn: (time: string) =>
    `If your opponent does not move within ${time}, the game is aborted`,
  onlineClaimNoteOpponent: 'Your opponent has left the game. You may wait or claim the win.',
  onlineBlock: 'Block this player',
  onlineBlockConfirm: (name: string) =>
    `Block ${name}? You will never be paired with them again. You can unblock them in your profile.`,
  onlineBlockYes: 'Block',
  onlineBlocked: (name: string) => `${name} is blocked: you will not be paired again.`,
  onlineBlockFailed: 'Blocking did not work. Check your connection and try again.',
  // the profile's ratings, games and block list (src/player)
  profileRatings: 'Ratings',
  profileNoRatings: 'No rated games yet. Play a rated game against people to get a rating.',
  profileGameCount: (n: number) => (n === 1 ? '1 game' : `${n} games`),
  profileProvisionalNote: '“?”: provisional, until you have played more rated games.',
  profileSpeed: 'Speed',
  profileHistory: 'Rating history',
  profileChartLabel: (speed: string, n: number, first: number, last: number, low: number, high: number) =>
    `${speed} rating over ${n === 1 ? '1 game' : `${n} games`}: from ${first} to ${last}, lowest ${low}, highest ${high}.`,
  profileGamesTitle: 'Games against people',
  profileNoGames: 'No finished games against people yet.',
  profileWon: 'Won',
  profileLost: 'Lost',
  profileDraw: 'Draw',
  profileGameLabel: (result: string, name: string, detail: string) => `${result} against ${name}. ${detail}`,
  profileBlockedTitle: 'Blocked players',
  profileBlockedNote: 'You are never paired with a player you blocked. Block one from the end of a game.',
  profileNoBlocked: 'You have blocked no one.',
  profileUnblock: 'Unblock',
  profileUnblockLabel: (name: string) => `Unblock ${name}`,
  profileUnknownName: 'A player',
  profileMoreBlocked: 'Show more',
  profileStatsLoading: 'Loading your ratings and games…',
  profileStatsFailed: 'Your ratings and games could not be loaded.',
  profileUnblockFailed: 'Unblocking did not work. Try again.',
  anTitle: 'Analysis board',
  anReviewTitle: 'Game review',
  anEngine: 'Engine',
  anEngineOn: 'Engine on',
  anEngineOff: 'Engine off',
  anEngineFailed: 'The engine could not start on this device.',
  anLines: 'Lines',
  anDepth: (d: number) => `depth ${d}`,
  anThinking: 'Thinking…',
  anEnginePaused: 'Stopped',
  anEnginePausedHidden: 'Paused while this tab is hidden',
  anEnginePausedReview: 'Paused while the game is reviewed',
  anGameOver: 'No moves: the game is over here.',
  /** the tablebase: won in n moves (full moves) */
  anTbWin: (side: SideName, moves: number) =>
    `${sideEn(side)} wins in ${moves} ${moves === 1 ? 'move' : 'moves'}`,
  anTbDraw: 'Draw with best play',
  anTbLabel: 'Tablebase',
  anWinIn: (side: SideName, moves: number) => `${sideEn(side)} wins in ${moves}`,
  anEvalBar: (white: number) => `White's winning chance ${Math.round(white * 100)}%`,
  anToMove: (side: SideName) => `${sideEn(side)} to move`,
  // the editor
  anEdit: 'Set up',
  anEditTitle: 'Set up a position',
  anDone: 'Done',
  anCancel: 'Cancel',
  anTool: (tool: EditToolName) =>
    ({
      'white-man': 'White man',
      'white-king': 'White king',
      'black-man': 'Black man',
      'black-king': 'Black king',
      erase: 'Remove',
    })[tool],
  anSideToMove: 'Side to move',
  anWhite: 'White',
  anBlack: 'Black',
  anStartPosition: 'Start position',
  anEmptyBoard: 'Empty board',
  anFen: 'FEN',
  anPasteFen: 'Load FEN',
  anCopyFen: 'Copy FEN',
  anCopied: 'Copied',
  anEditHelp: 'Choose a piece, then tap squares to place it; tap it again to remove it.',
  anSetupError: (code: SetupCode, detail: string): string => {
    switch (code) {
      case 'man-on-end-rank':
        return `A man cannot stand on the first or last rank (${squareIn(detail)}): it would already be a king.`;
      case 'too-many-pieces':
        return 'One side has more than 16 pieces.';
      case 'overlap':
        return `Two pieces stand on one square (${squareIn(detail)}).`;
      case 'no-pieces':
        return 'Each side needs at least one piece on the board.';
      case 'fen-empty':
        return 'The FEN is empty.';
      case 'fen-too-long':
        return 'The FEN is too long.';
      case 'fen-turn':
        return 'A FEN starts with W or B, the side to move (W:Wa3,b3:Bh7).';
      case 'fen-section':
        return 'The FEN should have a white and a black section (W:Wa3,b3:Bh7).';
      case 'fen-square':
        return `The FEN names a square that does not exist (${quotedIn(detail)}).`;
      // not made by the editor's board or a parsed FEN (the rules' checks of any set-up)
      case 'bad-turn':
      case 'bad-square':
      case 'bad-piece':
        return 'This position cannot be set up.';
    }
  },
  // links
  anShare: 'Copy link',
  /** the same on a narrow button */
  anShareShort: 'Link',
  anLinkCopied: 'Link copied',
  anBadLinkFen: (why: string) =>
    `This link's position could not be read: ${why} The start position is shown.`,
  anBadLinkMove: (n: number, text: string) =>
    `Move ${n} of this link (${text}) is not legal there; the moves before it are shown.`,
  anBadLinkPly: 'This link points past its last move; the last position is shown.',
  anBadLinkRecord: 'That game is no longer on this device.',
  // moves
  anMoves: 'Moves',
  anNoMoves: 'No moves yet: play a move for either side.',
  anFirst: 'Start',
  anPrev: 'Back',
  anNext: 'Forward',
  anLast: 'End',
  anFlip: 'Flip',
  anExportPdn: 'PDN',
  anContinueHere: 'Play from here',
  /** the same on a narrow button */
  anContinueHereShort: 'Play',
  anContinueTitle: 'Play the computer from this position',
  anYouPlay: 'You play',
  anStart: 'Start',
  // the review
  anAnalyse: 'Analyse',
  anReviewing: (done: number, total: number) => `Analysing the game… ${done}/${total}`,
  anReviewStopped: 'The analysis stopped. Start it again when you like.',
  anReviewAgain: 'Analyse again',
  anGraph: 'Winning chances over the game (tap to go to a move)',
  anJudgement: (j: JudgementName) => judgementEn[j],
  anJudgementPlural: (j: JudgementName) =>
    ({ inaccuracy: 'inaccuracies', mistake: 'mistakes', blunder: 'blunders' })[j],
  anBetter: (move: string) => `Better was ${move}`,
  anBestLine: 'Engine line',
  anMoveVerdict: (n: number, side: SideName, move: string, j: JudgementName) =>
    `${n}${side === 'white' ? '.' : '…'} ${move}: ${judgementEn[j].toLowerCase()}`,
  anGoodMove: (n: number, side: SideName, move: string) => `${n}${side === 'white' ? '.' : '…'} ${move}`,
  anBackToGame: 'Back to the game line',
  anSideLine: 'You are off the game line.',
  // ---- the rules page (rules/content.ts gives them their order and boards)
  rulesBoardTitle: 'Board and pieces',
  rulesBoard1:
    'Turkish draughts is played by two on an 8×8 board, and all 64 squares are used. Pieces move along straight lines, never diagonally.',
  rulesBoard2:
    'Each player has 16 men. White fills ranks 2 and 3, Black ranks 6 and 7; the back ranks and the two middle ranks start empty. White moves first, then the players take turns.',
  rulesManTitle: 'How a man moves',
  rulesMan1:
    'A man moves one square forward, left or right, onto an empty square. Never backward, never diagonally.',
  rulesCaptureTitle: 'Capturing is compulsory, and the most wins',
  rulesCapture1:
    'A man captures an enemy piece directly in front of it or beside it by jumping to the empty square just behind it. Men never capture backward, and two pieces in a row cannot be jumped.',
  rulesCapture2:
    'If you can capture, you must. If the capturing piece can capture again from where it lands, the move goes on. When there are several ways, you must take the one that captures the most pieces (a king and a man count one each); between equal ways you choose.',
  rulesCaptureDiagram:
    'c3 could take one piece, but f3 takes two (f4 and f6), so the only legal move is f3xf5xf7. Pieces that must capture glow.',
  rulesImmediateTitle: 'Captured pieces leave at once',
  rulesImmediate1:
    'In a chain, each piece is removed the moment it is jumped, so the squares it leaves can open the way for the rest of the same move. No piece can be taken twice.',
  rulesImmediateDiagram:
    'The man on f3 takes four pieces in one move: f3xf5xd5xd7xb7. Each is lifted the moment it is jumped.',
  rulesKingTitle: 'Kings',
  rulesKing1:
    'A man that reaches the far rank becomes a king. A king moves any number of empty squares in a straight line, in all four directions.',
  rulesKing2:
    'A king captures from a distance: along a line it jumps exactly one enemy piece and lands on any empty square beyond it. During a chain it may go straight on or turn left or right, but it may not turn back the way it came (no 180° turns).',
  rulesKingDiagram:
    'The king on d4 can take b4 or f4, but not both: taking one and coming back for the other would be a 180° turn.',
  rulesPromotionTitle: 'Becoming a king',
  rulesPromotion1:
    'A man that reaches the far rank in the middle of a capture and can capture again goes on as a man (sideways along that rank). It becomes a king only if the move ends there, and moves as a king from its next turn.',
  rulesPromotionDiagram:
    'The man on b6 takes b7 and reaches b8, takes c8 sideways, stops on d8, and only now becomes a king.',
  rulesEndTitle: 'The end of the game',
  rulesEndNoMove: 'A player with no pieces, or no legal move, at their turn loses.',
  rulesEndResign: 'A player who resigns, or whose clock runs out in a timed game, loses.',
  rulesEndRepetition: 'The same position (same pieces, same side to move) for the third time is a draw.',
  rulesEndKings: 'One king against one king is a draw.',
  rulesEndNoProgress:
    '25 moves by each side in a row without a capture and without a man moving forward is a draw (sideways man moves do not count as progress).',
  rulesEndAgreement:
    'A draw by agreement. The computer accepts your offer only when it judges the position level or worse for itself.',
  rulesEndOptional:
    'Rules you can switch on in Settings: one piece each, a king against a man, or 30 moves each with only kings moving, is a draw. The 30-move rule, when on, takes the place of the 25-move rule.',
  rulesTimeTitle: 'Time',
  rulesTime1:
    'You can play without a clock. With 40 seconds per move, when your time runs out the computer plays a move for you and the game goes on. With a game clock (say 5+0), whoever runs out of time loses.',
  rulesTipsTitle: 'Strategy tips',
  rulesTip1: 'Advance your men together: a lone man is easy prey, neighbours protect each other.',
  rulesTip2:
    'Because capturing is compulsory, giving one man away can pull an enemy piece where you want it, and win you more.',
  rulesTip3: 'Keep your back rank for a while: it makes it harder for your opponent to crown a king.',
  rulesTip4: 'Kings are very strong; a man for a king is usually a good trade.',
  rulesTip5: 'Before every move, ask: what can my opponent capture now?',
  rulesFaqTitle: 'Common questions',
  rulesFaqCapture: 'What if I do not capture when I can?',
  rulesFaqCaptureAnswer: 'Here you cannot: while a capture exists, only capturing moves can be played.',
  rulesFaqEqual: 'What if two ways capture the same number?',
  rulesFaqEqualAnswer:
    'You choose. If both end on the same square, tap the stops of the route you want, one after another.',
  rulesFaqDiagonal: 'Can a king move diagonally?',
  rulesFaqDiagonalAnswer: 'No. In Turkish draughts nothing moves diagonally.',
  rulesFaqBackward: 'Can a man capture backward?',
  rulesFaqBackwardAnswer: 'No; men capture forward and sideways only. Kings capture in every direction.',
  rulesFaqTouch: 'Must I move a piece I touched?',
  rulesFaqTouchAnswer:
    'Only if you want that rule: switch on “touch-move” in Settings and a touched piece must be played.',
  // correspondence games (days a move), the "Your turn" list, watching, leaderboards, notifications
  corrDays: (n: number) => (n === 1 ? '1 day' : `${n} days`),
  corrPerMove: (n: number) => (n === 1 ? '1 day a move' : `${n} days a move`),
  /** a correspondence move's time left: '2d 5h', '5h 12m', '12m' */
  corrTime: (d: number, h: number, m: number) =>
    d > 0 ? (h > 0 ? `${d}d ${h}h` : `${d}d`) : h > 0 ? (m > 0 ? `${h}h ${m}m` : `${h}h`) : `${m}m`,
  lobbyCorrNote:
    'Correspondence: each move may take up to the days chosen. Your games wait in the “Your turn” list on the home screen.',
  onlineLiveClocks: 'Live',
  lobbyCorrRow: 'Daily',
  onlineCorrNote: (days: number) =>
    `Each move may take up to ${days === 1 ? 'a day' : `${days} days`}. The game waits in the “Your turn” list on the home screen: come back and move whenever you like.`,
  onlinePresence_offline: 'offline',
  onlineTimeGiven: (corr: boolean, friend: boolean) =>
    `You gave ${friend ? 'your friend' : 'your opponent'} ${corr ? 'a day more for this move' : '15 seconds'}.`,
  onlineTimeReceived: (corr: boolean, friend: boolean) =>
    `${friend ? 'Your friend' : 'Your opponent'} gave you ${corr ? 'a day more for this move' : '15 more seconds'}.`,
  onlineGiveDay: 'Give your opponent a day more for their move',
  onlineGiveDayShort: 'Give a day',
  onlineGiveSeconds: 'Give your opponent 15 seconds',
  onlineGiveSecondsShort: '+15 s',
  recordOpponentWon: (name: string) => `${name} won`,
  turnsTitle: 'Your turn',
  turnsWaitingTitle: 'Games in progress',
  turnsYours: 'Your turn',
  turnsTheirs: 'Their turn',
  turnsLeft: (time: string) => `${time} left`,
  turnsLabel: (opponent: string, yours: boolean, time: string | undefined, kind: string | undefined) =>
    `${yours ? 'Your turn' : 'Their turn'} against ${opponent}${time ? `, ${time} left` : ''}${kind ? `, ${kind}` : ''}. Open the game`,
  // notifications: what a notice says (push.ts, which the service worker reads alone)
  ...pushEn,
  watchTitle: 'Watch',
  watchCardNote: 'Live games, the best players and the leaderboards',
  analysisCardNote: 'Set up any position and see what the engine makes of it',
  watchLoading: 'Loading the live games…',
  watchLoadingGame: 'Connecting to the game…',
  watchFeatured: 'Featured game',
  watchToMove: (name: string) => `${name} to move`,
  watchEnded: 'This game has ended.',
  watchOpen: 'Open the game',
  watchOthers: 'Other live games',
  watchGameLabel: (white: string, wr: string, black: string, br: string, clock: string) =>
    `${white} (${wr}) with White against ${black} (${br}) with Black, ${clock}. Watch`,
  watchNone: 'Nobody is playing a game against people right now. Start one and others can watch it.',
  leadersTitle: 'Leaderboards',
  leadersCardNote: 'The best players of each speed',
  leadersLoading: 'Loading the leaderboard…',
  leadersEmpty: 'Nobody is on this leaderboard yet. Play rated games to be the first.',
  leadersListLabel: (speed: string) => `${speed} leaderboard`,
  leadersYou: 'You',
  leadersYourPlace: (n: number) => `You are number ${n} on this leaderboard.`,
  leadersRule:
    'Listed: players with at least 10 rated games at this speed, one of them in the last 30 days, and a rating that is no longer provisional.',
  notifyTitle: 'Notifications',
  notifyIntro:
    'Off unless you turn them on, one kind at a time. Dama works fully without them; they only tell you when something happens while the app is closed.',
  notify_turn: 'Your move',
  notifyNote_turn: 'When your opponent has moved in a correspondence game',
  notify_offer: 'Offers',
  notifyNote_offer: 'When you are offered a draw or asked for a takeback',
  notify_end: 'Game over',
  notifyNote_end: 'When a game of yours ends',
  notify_joined: 'Friend joined',
  notifyNote_joined: 'When a friend opens the link of a game you made',
  notifyDenied:
    'Notifications are blocked for Dama in this browser. To have them, allow notifications for this site in the browser’s settings.',
  notifySubscribeFailed:
    'This browser could not sign up for notifications just now. Check your connection and try again.',
  notifyUnsupported: 'This browser cannot show notifications from Dama. Everything else works as usual.',
  notifyIosInstall:
    'On iPhone and iPad, notifications work only when Dama is on the Home Screen: tap Share, then “Add to Home Screen”, and open Dama from there.',
  notifyNeedsPlayer:
    'Notifications are sent to your player, and this device has none yet. Make one (no sign-up, no password), or bring yours from another device with a code.',
  notifyMakePlayer: 'Make my player',
  // ---- the Learn section (src/learn): stages of short levels on the real board
  learnTitle: 'Learn',
  /** at the end of a game lost to Easy */
  learnAfterLoss: 'Learn the game step by step in Learn',
  /** under a tap refused for the compulsory capture */
  learnWhy: 'Why? Learn the capture rule',
  learnCardNote: 'Rules and tactics, step by step',
  learnCardProgress: (done: number, total: number) => `${done} / ${total} levels`,
  learnIntro:
    'Short levels on the real board, from the first move to the endings. Each level is a position with a goal.',
  learnGroup_basics: 'Basics',
  learnGroup_tactics: 'Tactics',
  learnGroup_endings: 'Endings',
  learnGroup_strategy: 'Strategy',
  learnStars: (n: number) => (n === 0 ? 'not done yet' : `${n} of 3 stars`),
  learnLocked: 'locked: finish the level before it first',
  learnLevelOf: (i: number, n: number) => `Level ${i} of ${n}`,
  learnGoalCapture: (n: number) =>
    `Goal: capture every black piece in ${n === 1 ? 'one move' : `${n} moves`}`,
  learnGoalWin: (n: number) => `Goal: win in ${n === 1 ? 'one move' : `${n} moves at most`}`,
  learnGoalPromote: (n: number) => `Goal: make a king in ${n === 1 ? 'one move' : `${n} moves`}`,
  learnGoalOnly: 'Goal: find the one move that wins',
  learnGoalHold: (n: number) => `Goal: make ${n} moves without losing`,
  learnGoalSquares: (n: number) => (n === 1 ? 'Goal: find the one square' : `Goal: find all ${n} squares`),
  learnGoalGain: (n: number, points: number) =>
    `Goal: get ${points === 1 ? 'one point' : `${points} points`} ahead in ${n === 1 ? 'one move' : `${n} moves`} (a man is 1, a king 3)`,
  learnGoalSafe: 'Goal: find the move that loses nothing',
  learnStatusTask: 'Your move.',
  learnStatusTap: 'Tap the squares.',
  learnStatusGood: 'Good. The computer answers…',
  learnStatusRetry: 'Try again from the start.',
  learnWrongWin: (move: string, answer: string | undefined) =>
    answer
      ? `${move} lets Black off: after ${answer} the goal is out of reach.`
      : `${move} does not reach the goal.`,
  learnWrongPromote: (move: string, answer: string | undefined) =>
    answer
      ? `${move} is too slow: after ${answer} no king comes in time.`
      : `${move} does not make a king in time.`,
  learnWrongHold: (move: string, answer: string | undefined) =>
    answer ? `${move} loses: Black wins with ${answer}.` : `${move} loses.`,
  learnWrongGain: (move: string, answer: string | undefined) =>
    answer
      ? `${move} lets Black off: after ${answer} the pieces can no longer be won.`
      : `${move} does not win the pieces.`,
  learnWrongSafe: (move: string, answer: string | undefined) =>
    answer
      ? `${move} loses: after ${answer} Black wins material or makes a king.`
      : `${move} loses material.`,
  learnStatusFound: (count: number, total: number) => `${count} of ${total} found.`,
  learnStatusNotSquare: (square: string) => `No move ends on ${square}. The arrows show every move.`,
  learnStatusDone: 'Goal reached!',
  learnMovesLeft: (n: number) => `Moves left: ${n}`,
  learnAgain: 'Play again',
  learnNext: 'Next',
  learnBackToMap: 'All stages',
  learnHint: 'Hint',
  learnRestart: 'Restart',
  learnAllStages: 'All stages',
  learnStoreReset:
    'Your Learn progress on this device could not be read. It was set aside and you start afresh; nothing else was lost.',
  learnStoreUnsaved: 'This device cannot keep your progress just now (private mode or full storage).',
  learnPractise: 'Practise this in Learn',
  learnStage_man: 'How a man moves',
  learnStage_capture: 'Capturing',
  learnStage_compulsory: 'Compulsory and maximum capture',
  learnStage_chain: 'Chain captures',
  learnStage_promotion: 'Promotion',
  learnStage_king: 'The king',
  learnStage_longCapture: 'The king’s long capture',
  learnStage_winning: 'How a game is won',
  learnStage_draws: 'Draws',
  learnStage_sacrifice: 'The sacrifice',
  learnStage_decoy: 'The decoy',
  learnStage_breakthrough: 'Breaking through',
  learnStage_trap: 'Trapping a king',
  learnStage_tempo: 'Winning a tempo',
  learnStage_threeKings: 'Three kings against one',
  learnStage_kingMan: 'King and man against king',
  learnStage_twoKings: 'Two kings against one',
  learnStage_races: 'Man races',
  learnStage_holding: 'Holding the draw',
  learnStage_together: 'Keep your pieces together',
  learnStage_backRows: 'The back rows',
  learnStage_firstKing: 'The first king',
  learn_man1_title: 'Straight ahead',
  learn_man1_task:
    'A man moves one square forward or sideways, never backward. Walk the man on d5 to the last row.',
  learn_man1_hint: 'Forward three times: d6, d7, d8.',
  learn_man2_title: 'The way is blocked',
  learn_man2_task:
    'A black man stands in front of yours. A man captures by jumping over an enemy piece next to it onto the empty square behind.',
  learn_man2_hint: 'Jump over e6, then step to e8.',
  learn_man3_title: 'Pick the right man',
  learn_man3_task: 'Three white men, and only one of them reaches the last row in time.',
  learn_man3_hint: 'The man on b6 is the closest.',
  learn_capture1_title: 'Your first capture',
  learn_capture1_task:
    'Jump over the black man in front of you and land on the empty square behind it. The piece you jump leaves the board.',
  learn_capture1_hint: 'd4 takes d5 and lands on d6.',
  learn_capture2_title: 'Sideways too',
  learn_capture2_task:
    'A man captures sideways as well as forward. Take d4, then catch the last black man wherever it goes.',
  learn_capture2_hint: 'c4 jumps over d4 to e4. Your men on a4 and b5 wait for the man on a6.',
  learn_capture3_title: 'Two at once',
  learn_capture3_task: 'After a jump, the same man goes on capturing while it can.',
  learn_capture3_hint: 'd3 takes d4, then d6, in one move.',
  learn_compulsory1_title: 'You must take',
  learn_compulsory1_task: 'When you can capture, you must. Tap every square where a move of White can end.',
  learn_compulsory1_hint: 'The man on f2 may not move now: c3 has to take c4.',
  learn_compulsory2_title: 'Take the most',
  learn_compulsory2_task:
    'You must play the capture that takes the most pieces. Tap every square where a move of White can end.',
  learn_compulsory2_hint: 'b3 would take one piece, f3 takes two: only f3 may move.',
  learn_compulsory3_title: 'Make Black take',
  learn_compulsory3_task:
    'Black must capture too. Offer a man: Black’s forced capture opens the way for you.',
  learn_compulsory3_hint:
    'Black must make its longest capture, wherever it is. Bring the man on g3 close to the black men.',
  learn_chain1_title: 'A chain',
  learn_chain1_task:
    'One man can take several pieces in a row and may turn sideways on the way. Take all three.',
  learn_chain1_hint: 'Over c4 to c5, over c6 to c7, then over d7 to e7.',
  learn_chain2_title: 'Gone at once',
  learn_chain2_task:
    'A captured piece leaves the board at once, so its square can be crossed later in the same move. Tap the square where White’s capture ends.',
  learn_chain2_hint: 'f3 takes f4, then goes on through d5 and d7.',
  learn_chain3_title: 'The long way',
  learn_chain3_task: 'Take all four black men in one move.',
  learn_chain3_hint: 'Up the b-file first, then turn right along the sixth row.',
  learn_promotion1_title: 'Stop on the last row',
  learn_promotion1_task:
    'A man that captures onto the last row becomes a king, but only when the move is over. Tap the square where the capture ends.',
  learn_promotion1_hint: 'This move it cannot go on to take d8 as a king would.',
  learn_promotion2_title: 'Still a man',
  learn_promotion2_task:
    'A man that reaches the last row in the middle of a capture goes on capturing as a man, sideways along that row. Tap the square where this capture ends.',
  learn_promotion2_hint: 'c8 first, then over d8 to e8, then over f8.',
  learn_promotion3_title: 'Race to the top',
  learn_promotion3_task: 'Black is about to make a king too. Be quicker.',
  learn_promotion3_hint: 'The man on c6 is two steps away.',
  learn_king1_title: 'The king glides',
  learn_king1_task:
    'A king moves any number of empty squares along its row or column, never diagonally. Tap every square the king on c2 can reach.',
  learn_king1_hint: 'Your own men on c5 and f2 stop it.',
  learn_king2_title: 'Four ways',
  learn_king2_task: 'Tap every square the king on e5 can reach.',
  learn_king2_hint: 'Up, down, left and right, as far as the edge or a piece.',
  learn_king3_title: 'King against king',
  learn_king3_task: 'Black has only a king left. Attack it so that it has no safe square.',
  learn_king3_hint: 'Put your king where the black king must take it, and look where the capture ends.',
  learn_longCapture1_title: 'From afar',
  learn_longCapture1_task:
    'A king captures from a distance: it jumps one piece on its line and may land on any empty square beyond it. Tap every square where the capture can end.',
  learn_longCapture1_hint: 'There are three empty squares behind d5.',
  learn_longCapture2_title: 'No turning back',
  learn_longCapture2_task:
    'Between two jumps a king may not turn back 180°. Tap every square where the king’s capture can end.',
  learn_longCapture2_hint: 'It takes b4 or f4, never both.',
  learn_longCapture3_title: 'Round the ring',
  learn_longCapture3_task:
    'Two 90° turns make a legal U-turn, and the king’s own starting square counts as empty. Tap every square where its capture can end.',
  learn_longCapture3_hint: 'One answer is the square the king starts on.',
  learn_winning1_title: 'Nothing left',
  learn_winning1_task: 'A player with no pieces left has lost. Take the last black man.',
  learn_winning1_hint: 'a3 takes a4.',
  learn_winning2_title: 'No move, no game',
  learn_winning2_task: 'A player who cannot move at their turn has lost too.',
  learn_winning2_hint:
    'Offer the black king a man: its capture must go on, and ends next to one of your men. Start with the man on g4.',
  learn_winning3_title: 'Shut the corner',
  learn_winning3_task: 'The black king sits in the corner. Leave it nowhere to go.',
  learn_winning3_hint: 'Where will the black king’s capture end? Make it end next to your man on a6.',
  learn_draws1_title: 'One king is enough',
  learn_draws1_task:
    'Your lone king faces a king and a man. Stay safe: if the man is taken, one king against one king is a draw.',
  learn_draws1_hint:
    'Never stop on a line where the black king can jump you with an empty square behind you.',
  learn_draws2_title: 'Two kings cannot force it',
  learn_draws2_task: 'Two kings against one usually cannot win. Show it: keep your king alive.',
  learn_draws2_hint: 'Stay away from the lines the black kings control.',
  learn_draws3_title: 'Stay out of reach',
  learn_draws3_task: 'A king and a man against your king. Hold on; the game will end in a draw by the rules.',
  learn_draws3_hint: 'Keep off the black king’s row and column.',
  learn_sacrifice1_title: 'One for three',
  learn_sacrifice1_task:
    'Give a man away: Black must take it, and its capture opens the way for a bigger one of yours.',
  learn_sacrifice1_hint:
    'Black’s man on e4 must take whatever steps next to it. Your man on h4 waits behind.',
  learn_sacrifice2_title: 'One for four',
  learn_sacrifice2_task:
    'Give a man away: Black must take it, and its capture opens the way for a bigger one of yours.',
  learn_sacrifice2_hint:
    'Bring the man on g4 down to your second row: from there your man on h2 starts a long chain.',
  learn_sacrifice3_title: 'One for five',
  learn_sacrifice3_task:
    'Give a man away: Black must take it, and its capture opens the way for a bigger one of yours.',
  learn_sacrifice3_hint:
    'Open the c-file for a moment: the man on c5 must take, and your man on a5 gets a long road.',
  learn_sacrifice4_title: 'In a crowd',
  learn_sacrifice4_task:
    'Give a man away: Black must take it, and its capture opens the way for a bigger one of yours.',
  learn_sacrifice4_hint: 'Among many pieces: offer the man on g4, then look where Black’s capture lands.',
  learn_decoy1_title: 'Lure it out',
  learn_decoy1_task:
    'Force a black piece onto the square where you want it: a forced capture takes it there.',
  learn_decoy1_hint: 'The man on c4 can call the man on c6 out.',
  learn_decoy2_title: 'Clear the square',
  learn_decoy2_task:
    'Give men away to move Black’s pieces where you want them. Then your capture runs through.',
  learn_decoy2_hint: 'Your long capture from a4 needs e6 empty. Make the man on e6 move away.',
  learn_decoy3_title: 'Two men for the road',
  learn_decoy3_task:
    'Give men away to move Black’s pieces where you want them. Then your capture runs through.',
  learn_decoy3_hint:
    'The man on a5 could run to the last row over c6 and e6, if e6 were empty. What pulls the man on e6 away?',
  learn_breakthrough1_title: 'Through the wall',
  learn_breakthrough1_task: 'Black’s men stand in the way. Break through and make a king.',
  learn_breakthrough1_hint:
    'Black could make you capture and lose time. Take that chance away first: start with the man on a3.',
  learn_breakthrough2_title: 'Break the line',
  learn_breakthrough2_task: 'Black’s men stand in the way. Break through and make a king.',
  learn_breakthrough2_hint:
    'Black could make you capture and lose time. Take that chance away first: start with the man on d4.',
  learn_breakthrough3_title: 'One gets through',
  learn_breakthrough3_task: 'Black’s men stand in the way. Break through and make a king.',
  learn_breakthrough3_hint: 'Head for the last row with the man on a6.',
  learn_trap1_title: 'End of the road',
  learn_trap1_task:
    'The black king must capture. Make its capture end next to one of your men, then take it.',
  learn_trap1_hint: 'A king’s capture cannot land on a piece. Close the far square of the third row.',
  learn_trap2_title: 'To the edge',
  learn_trap2_task:
    'The black king must capture. Make its capture end next to one of your men, then take it.',
  learn_trap2_hint:
    'Open the fourth row to the king: its capture ends on the edge, in front of your man on a3.',
  learn_trap3_title: 'Straight down',
  learn_trap3_task:
    'The black king must capture. Make its capture end next to one of your men, then take it.',
  learn_trap3_hint:
    'Offer a man right in front of the king: your man on f3 stands below the square where it lands.',
  learn_tempo1_title: 'The waiting move',
  learn_tempo1_task: 'Make Black capture where it does no harm: the move it spends is the one you need.',
  learn_tempo1_hint: 'Give Black a capture it must make: it spends its move on it. Start with the man on h2.',
  learn_tempo2_title: 'While Black takes',
  learn_tempo2_task:
    'Black has a capture to make. Use the move it spends on it to set up a bigger capture of your own.',
  learn_tempo2_hint: 'Black’s man on a4 takes b4 whatever you do. Line up your men on the h-file.',
  learn_tempo3_title: 'A free move',
  learn_tempo3_task:
    'Black has a capture to make. Use the move it spends on it to set up a bigger capture of your own.',
  learn_tempo3_hint: 'The man on f4 is lost anyway. Put your man on c5 where it can jump to the last row.',
  learn_threeKings1_title: 'Three against one',
  learn_threeKings1_task:
    'Three kings beat a lone king when they work together. The computer defends as long as it can.',
  learn_threeKings1_hint: 'Take lines away from the black king; start with your king on a1.',
  learn_threeKings2_title: 'Close the rows',
  learn_threeKings2_task:
    'Three kings beat a lone king when they work together. The computer defends as long as it can.',
  learn_threeKings2_hint: 'Take lines away from the black king; start with your king on f6.',
  learn_threeKings3_title: 'The net',
  learn_threeKings3_task:
    'Three kings beat a lone king when they work together. The computer defends as long as it can.',
  learn_threeKings3_hint: 'Take lines away from the black king; start with your king on a7.',
  learn_kingMan1_title: 'King and man',
  learn_kingMan1_task: 'A king and a man against a lone king. The computer defends; win before it gets free.',
  learn_kingMan1_hint: 'Your king can be bait on the black king’s row.',
  learn_kingMan2_title: 'A second king',
  learn_kingMan2_task: 'A king and a man against a lone king. The computer defends; win before it gets free.',
  learn_kingMan2_hint: 'A second king wins faster than a guarded man. Start with the man.',
  learn_kingMan3_title: 'The corner king',
  learn_kingMan3_task: 'A king and a man against a lone king. The computer defends; win before it gets free.',
  learn_kingMan3_hint: 'Make the black king move: attack it with yours.',
  learn_twoKings1_title: 'Why it is a draw',
  learn_twoKings1_task: 'Two kings against your one: the computer attacks, you keep your king safe.',
  learn_twoKings1_hint: 'Stay off the black kings’ rows and columns.',
  learn_twoKings2_title: 'Keep moving',
  learn_twoKings2_task: 'Hold out against two kings. A careless square loses at once.',
  learn_twoKings2_hint: 'Choose squares no black king can reach in one jump.',
  learn_twoKings3_title: 'When two kings win',
  learn_twoKings3_task: 'Sometimes the lone king stands too badly. Win against the computer’s defence.',
  learn_twoKings3_hint: 'Attack the black king with your king on e8.',
  learn_races1_title: 'Who is first?',
  learn_races1_task: 'Both sides race for the last row. Make your king first.',
  learn_races1_hint: 'Count the steps: which man crowns first?',
  learn_races2_title: 'First king, then catch',
  learn_races2_task: 'Make a king and stop Black’s men before they promote.',
  learn_races2_hint: 'One of your men is a step from crowning.',
  learn_races3_title: 'Catch them in time',
  learn_races3_task: 'Win the race and then take Black’s men.',
  learn_races3_hint: 'One of your men is a step from crowning.',
  learn_holding1_title: 'Hold on',
  learn_holding1_task: 'It looks lost, but one king can hold against a king and a man. The computer attacks.',
  learn_holding1_hint: 'Look for a square no black piece can jump.',
  learn_holding2_title: 'Calm defence',
  learn_holding2_task: 'Keep your king safe. The computer plays for a win.',
  learn_holding2_hint: 'Stay away from the black king’s lines.',
  learn_holding3_title: 'Man and king',
  learn_holding3_task: 'Your king and man against two kings. Survive the attack.',
  learn_holding3_hint: 'Do not leave your man where a king can take it with your king standing behind.',
  learn_together1_title: 'Fill the gap',
  learn_together1_task:
    'A man can be taken only when the square behind it is empty. Find the one move after which Black wins nothing.',
  learn_together1_hint: 'Look at the black man on c5: if it jumped, where would it land?',
  learn_together2_title: 'Side by side',
  learn_together2_task:
    'A man can also be taken from the side, when the square on its other side is empty. Find the one move after which Black wins nothing.',
  learn_together2_hint: 'Look at the black man on a4: if it jumped b4, where would it land?',
  learn_together3_title: 'Two against one',
  learn_together3_task: 'A lone man is easy prey. Win the black man on a4 without losing one of yours.',
  learn_together3_hint:
    'A man that attacks alone is taken first. Attack with a man that has a friend standing behind it.',
  learn_together4_title: 'Into the gap',
  learn_together4_task:
    'Black’s men stand apart, with an empty square between them. Use the gap to win a man.',
  learn_together4_hint:
    'A man that steps between two enemy men attacks both from the side, and Black can save only one.',
  learn_backRows1_title: 'Guard the back',
  learn_backRows1_task:
    'Your men on the second row stop Black from making a king. Find the one move after which Black wins nothing.',
  learn_backRows1_hint: 'The men on e2 and f2 hold the black men on d3 and g3. Leave them at home.',
  learn_backRows2_title: 'Two guards',
  learn_backRows2_task:
    'The black man on c3 is two steps from a king, and your men on a2 and d2 stop it. Find the one move after which Black wins nothing.',
  learn_backRows2_hint: 'Wherever the black man steps, one of your back men must be able to jump it.',
  learn_backRows3_title: 'The hole',
  learn_backRows3_task:
    'Two men with one empty square between them cannot take a man that steps in: each would have to land where the other stands. Find the one move after which Black wins nothing.',
  learn_backRows3_hint: 'The black man on e3 wants to go through e2. Let one of your men take it there.',
  learn_firstKing1_title: 'The first king',
  learn_firstKing1_task: 'The first king often decides the game. Find the one move that wins.',
  learn_firstKing1_hint: 'The man on b7 is one step from crowning.',
  learn_firstKing2_title: 'Crown and win',
  learn_firstKing2_task: 'The first king often decides the game. Find the one move that wins.',
  learn_firstKing2_hint: 'The man on h7 is one step from crowning.',
  learn_firstKing3_title: 'A king decides',
  learn_firstKing3_task: 'The first king often decides the game. Find the one move that wins.',
  learn_firstKing3_hint: 'The man on e7 is one step from crowning.',
} satisfies Record<string, string | ((...args: never[]) => string)>;

/** The catalogue's shape: the same keys, strings or functions with the same arguments. */
export type Catalog = { [K in keyof typeof en]: (typeof en)[K] };

/** The catalogue key of an outcome reason: 'no-pieces' → 'reason_no_pieces' (online, 'abandoned' too). */
export const reasonKey = (reason: OutcomeReason | 'abandoned'): keyof Catalog =>
  `reason_${reason.replace(/-/g, '_')}` as keyof Catalog;
