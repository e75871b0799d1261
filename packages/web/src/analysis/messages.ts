// The analysis screens' texts, in the app's two languages, loaded with the analysis chunk. `tr` must
// have exactly the keys of `en` (the type below and messages.test.ts check it).
import type { FenErrorCode, PositionErrorCode } from '@dama/core';
import type { Lang } from '../lib/i18n/index.ts';
import type { Judgement, Side } from './judge.ts';

type SetupCode = FenErrorCode | PositionErrorCode | 'no-pieces';

const sideEn = (s: Side) => (s === 'white' ? 'White' : 'Black');
const sideTr = (s: Side) => (s === 'white' ? 'Beyaz' : 'Siyah');

export const en = {
  title: 'Analysis board',
  reviewTitle: 'Game review',
  engine: 'Engine',
  engineOn: 'Engine on',
  engineOff: 'Engine off',
  engineFailed: 'The engine could not start on this device.',
  lines: 'Lines',
  depth: (d: number) => `depth ${d}`,
  thinking: 'Thinking…',
  gameOver: 'No moves: the game is over here.',
  /** the tablebase: won in n moves (full moves) */
  tbWin: (side: Side, moves: number) => `${sideEn(side)} wins in ${moves} ${moves === 1 ? 'move' : 'moves'}`,
  tbDraw: 'Draw with best play',
  tbLabel: 'Tablebase',
  winIn: (side: Side, moves: number) => `${sideEn(side)} wins in ${moves}`,
  evalBar: (white: number) => `White's winning chance ${Math.round(white * 100)}%`,
  toMove: (side: Side) => `${sideEn(side)} to move`,
  // the editor
  edit: 'Set up',
  editTitle: 'Set up a position',
  done: 'Done',
  cancel: 'Cancel',
  tool: {
    'white-man': 'White man',
    'white-king': 'White king',
    'black-man': 'Black man',
    'black-king': 'Black king',
    erase: 'Remove',
  },
  sideToMove: 'Side to move',
  white: 'White',
  black: 'Black',
  startPosition: 'Start position',
  emptyBoard: 'Empty board',
  fen: 'FEN',
  pasteFen: 'Load FEN',
  copyFen: 'Copy FEN',
  copied: 'Copied',
  editHelp: 'Choose a piece, then tap squares to place it; tap it again to remove it.',
  setupError: (code: SetupCode, detail: string): string => {
    switch (code) {
      case 'man-on-end-rank':
        return `A man cannot stand on the first or last rank (${square(detail)}): it would already be a king.`;
      case 'too-many-pieces':
        return 'One side has more than 16 pieces.';
      case 'overlap':
        return 'Two pieces stand on one square.';
      case 'no-pieces':
        return 'Put at least one piece on the board.';
      case 'fen-empty':
        return 'The FEN is empty.';
      case 'fen-too-long':
        return 'The FEN is too long.';
      case 'fen-turn':
        return 'A FEN starts with W or B, the side to move (W:Wa3,b3:Bh7).';
      case 'fen-section':
        return 'The FEN should have a white and a black section (W:Wa3,b3:Bh7).';
      case 'fen-square':
        return `The FEN names a square that does not exist (${quoted(detail)}).`;
      default:
        return 'This position cannot be set up.';
    }
  },
  // links
  share: 'Copy link',
  linkCopied: 'Link copied',
  badLinkFen: (why: string) => `This link's position could not be read: ${why} The start position is shown.`,
  badLinkMove: (n: number, text: string) =>
    `Move ${n} of this link (${text}) is not legal there; the moves before it are shown.`,
  badLinkPly: 'This link points past its last move; the last position is shown.',
  badLinkRecord: 'That game is no longer on this device.',
  // moves
  moves: 'Moves',
  noMoves: 'No moves yet: play a move for either side.',
  first: 'Start',
  prev: 'Back',
  next: 'Forward',
  last: 'End',
  flip: 'Flip',
  exportPdn: 'PDN',
  continueHere: 'Play from here',
  continueTitle: 'Play the computer from this position',
  youPlay: 'You play',
  level: 'Level',
  level_easy: 'Easy',
  level_medium: 'Medium',
  level_hard: 'Hard',
  start: 'Start',
  // the review
  analyse: 'Analyse',
  reviewing: (done: number, total: number) => `Analysing the game… ${done}/${total}`,
  reviewStopped: 'The analysis stopped. Start it again when you like.',
  reviewAgain: 'Analyse again',
  graph: 'Winning chances over the game (tap to go to a move)',
  judgement: { inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' } satisfies Record<
    Judgement,
    string
  >,
  judgementPlural: { inaccuracy: 'inaccuracies', mistake: 'mistakes', blunder: 'blunders' } satisfies Record<
    Judgement,
    string
  >,
  better: (move: string) => `Better was ${move}`,
  bestLine: 'Engine line',
  moveVerdict: (n: number, side: Side, move: string, j: Judgement) =>
    `${n}${side === 'white' ? '.' : '…'} ${move}: ${en.judgement[j].toLowerCase()}`,
  goodMove: (n: number, side: Side, move: string) => `${n}${side === 'white' ? '.' : '…'} ${move}`,
  backToGame: 'Back to the game line',
  sideLine: 'You are off the game line.',
};

export type AnalysisMessages = typeof en;

const squareTr = (detail: string) => square(detail);

export const tr: AnalysisMessages = {
  title: 'Analiz tahtası',
  reviewTitle: 'Oyun analizi',
  engine: 'Motor',
  engineOn: 'Motor açık',
  engineOff: 'Motor kapalı',
  engineFailed: 'Motor bu cihazda başlatılamadı.',
  lines: 'Satır',
  depth: (d) => `derinlik ${d}`,
  thinking: 'Düşünüyor…',
  gameOver: 'Hamle yok: oyun bu konumda bitmiş.',
  tbWin: (side, moves) => `${sideTr(side)} ${moves} hamlede kazanır`,
  tbDraw: 'En iyi oyunla berabere',
  tbLabel: 'Oyun sonu tablosu',
  winIn: (side, moves) => `${sideTr(side)} ${moves} hamlede kazanır`,
  evalBar: (white) => `Beyazın kazanma şansı %${Math.round(white * 100)}`,
  toMove: (side) => `Sıra ${side === 'white' ? 'beyazda' : 'siyahta'}`,
  edit: 'Konum kur',
  editTitle: 'Konum kur',
  done: 'Tamam',
  cancel: 'Vazgeç',
  tool: {
    'white-man': 'Beyaz taş',
    'white-king': 'Beyaz dama',
    'black-man': 'Siyah taş',
    'black-king': 'Siyah dama',
    erase: 'Kaldır',
  },
  sideToMove: 'Sıra kimde',
  white: 'Beyaz',
  black: 'Siyah',
  startPosition: 'Başlangıç konumu',
  emptyBoard: 'Boş tahta',
  fen: 'FEN',
  pasteFen: 'FEN yükle',
  copyFen: 'FEN kopyala',
  copied: 'Kopyalandı',
  editHelp: 'Bir taş seç, sonra koymak için karelere dokun; kaldırmak için yeniden dokun.',
  setupError: (code, detail) => {
    switch (code) {
      case 'man-on-end-rank':
        return `Taş ilk ya da son sırada duramaz (${squareTr(detail)}): orada zaten dama olurdu.`;
      case 'too-many-pieces':
        return 'Bir tarafın 16’dan çok taşı var.';
      case 'overlap':
        return 'Bir karede iki taş duruyor.';
      case 'no-pieces':
        return 'Tahtaya en az bir taş koy.';
      case 'fen-empty':
        return 'FEN boş.';
      case 'fen-too-long':
        return 'FEN çok uzun.';
      case 'fen-turn':
        return 'FEN, sırası gelen tarafı gösteren W ya da B ile başlar (W:Wa3,b3:Bh7).';
      case 'fen-section':
        return 'FEN’de bir beyaz ve bir siyah bölüm olmalı (W:Wa3,b3:Bh7).';
      case 'fen-square':
        return `FEN’de olmayan bir kare var (${quoted(detail)}).`;
      default:
        return 'Bu konum kurulamaz.';
    }
  },
  share: 'Bağlantıyı kopyala',
  linkCopied: 'Bağlantı kopyalandı',
  badLinkFen: (why) => `Bu bağlantıdaki konum okunamadı: ${why} Başlangıç konumu gösteriliyor.`,
  badLinkMove: (n, text) =>
    `Bu bağlantının ${n}. hamlesi (${text}) o konumda oynanamaz; ondan önceki hamleler gösteriliyor.`,
  badLinkPly: 'Bu bağlantı son hamlesinden ötesini gösteriyor; son konum gösteriliyor.',
  badLinkRecord: 'Bu oyun artık bu cihazda yok.',
  moves: 'Hamleler',
  noMoves: 'Henüz hamle yok: iki taraf için de hamle yapabilirsin.',
  first: 'Başa',
  prev: 'Geri',
  next: 'İleri',
  last: 'Sona',
  flip: 'Çevir',
  exportPdn: 'PDN',
  continueHere: 'Buradan oyna',
  continueTitle: 'Bu konumdan bilgisayara karşı oyna',
  youPlay: 'Sen',
  level: 'Düzey',
  level_easy: 'Kolay',
  level_medium: 'Orta',
  level_hard: 'Zor',
  start: 'Başla',
  analyse: 'Analiz et',
  reviewing: (done, total) => `Oyun analiz ediliyor… ${done}/${total}`,
  reviewStopped: 'Analiz durdu. İstediğinde yeniden başlatabilirsin.',
  reviewAgain: 'Yeniden analiz et',
  graph: 'Oyun boyunca kazanma şansı (bir hamleye gitmek için dokun)',
  judgement: { inaccuracy: 'Küçük hata', mistake: 'Hata', blunder: 'Büyük hata' },
  judgementPlural: { inaccuracy: 'küçük hata', mistake: 'hata', blunder: 'büyük hata' },
  better: (move) => `Daha iyisi: ${move}`,
  bestLine: 'Motorun devamı',
  moveVerdict: (n, side, move, j) =>
    `${n}${side === 'white' ? '.' : '…'} ${move}: ${tr.judgement[j].toLocaleLowerCase('tr')}`,
  goodMove: (n, side, move) => `${n}${side === 'white' ? '.' : '…'} ${move}`,
  backToGame: 'Oyunun hamlelerine dön',
  sideLine: 'Oyunun hamlelerinin dışındasın.',
};

/** The square named in a core error message ("… on h8; …"), or nothing. */
function square(detail: string): string {
  return /\b([a-h][1-8])\b/.exec(detail)?.[1] ?? '?';
}

function quoted(detail: string): string {
  return /"([^"]*)"/.exec(detail)?.[1] ?? '?';
}

export const analysisMessages = (lang: Lang): AnalysisMessages => (lang === 'tr' ? tr : en);
