// The rules page: its sections in order, with the small boards that show the key cases. The texts
// are in the message catalogue (lib/i18n, the `rules…` keys); RULES.md is the specification.
import type { Catalog } from '../lib/i18n/index.ts';

export interface Diagram {
  /** the position, PDN FEN */
  fen: string;
  caption: string;
}

export interface Section {
  title: string;
  paragraphs?: string[];
  list?: string[];
  diagram?: Diagram;
  /** question and answer pairs */
  faq?: [string, string][];
  /** the Learn stage that practises this section ('capture' → #/learn?stage=capture) */
  learn?: string;
}

const MAX_CAPTURE = 'W:Wc3,f3:Bc4,f4,f6';
const IMMEDIATE =
  'W:Wa4,h4,a3,b3,c3,d3,e3,f3,g3,h3,a2,c2,d2,f2:Bc7,h7,a6,b6,c6,d6,e6,g6,h6,a5,b5,c5,e5,g5,f4';
const NO_U_TURN = 'W:WKd4:Bb4,f4';
const PROMOTE_END = 'W:Wb6:Bb7,Kc8,e7';

const sections = (t: Catalog): Section[] => [
  { title: t.rulesBoardTitle, paragraphs: [t.rulesBoard1, t.rulesBoard2] },
  { title: t.rulesManTitle, paragraphs: [t.rulesMan1], learn: 'man' },
  {
    title: t.rulesCaptureTitle,
    paragraphs: [t.rulesCapture1, t.rulesCapture2],
    diagram: { fen: MAX_CAPTURE, caption: t.rulesCaptureDiagram },
    learn: 'compulsory',
  },
  {
    title: t.rulesImmediateTitle,
    paragraphs: [t.rulesImmediate1],
    diagram: { fen: IMMEDIATE, caption: t.rulesImmediateDiagram },
    learn: 'chain',
  },
  {
    title: t.rulesKingTitle,
    paragraphs: [t.rulesKing1, t.rulesKing2],
    diagram: { fen: NO_U_TURN, caption: t.rulesKingDiagram },
    learn: 'longCapture',
  },
  {
    title: t.rulesPromotionTitle,
    paragraphs: [t.rulesPromotion1],
    diagram: { fen: PROMOTE_END, caption: t.rulesPromotionDiagram },
    learn: 'promotion',
  },
  {
    title: t.rulesEndTitle,
    list: [
      t.rulesEndNoMove,
      t.rulesEndResign,
      t.rulesEndRepetition,
      t.rulesEndKings,
      t.rulesEndNoProgress,
      t.rulesEndAgreement,
      t.rulesEndOptional,
    ],
    learn: 'winning',
  },
  { title: t.rulesTimeTitle, paragraphs: [t.rulesTime1] },
  { title: t.rulesTipsTitle, list: [t.rulesTip1, t.rulesTip2, t.rulesTip3, t.rulesTip4, t.rulesTip5] },
  {
    title: t.rulesFaqTitle,
    faq: [
      [t.rulesFaqCapture, t.rulesFaqCaptureAnswer],
      [t.rulesFaqEqual, t.rulesFaqEqualAnswer],
      [t.rulesFaqDiagonal, t.rulesFaqDiagonalAnswer],
      [t.rulesFaqBackward, t.rulesFaqBackwardAnswer],
      [t.rulesFaqTouch, t.rulesFaqTouchAnswer],
    ],
  },
];

// One list per catalogue, so that a diagram stays the same object (its board controller is kept by it).
const built = new WeakMap<Catalog, Section[]>();

/** The rules page's sections in the catalogue's language. */
export function rulesContent(t: Catalog): Section[] {
  let s = built.get(t);
  if (!s) built.set(t, (s = sections(t)));
  return s;
}
