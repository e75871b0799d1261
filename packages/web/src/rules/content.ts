// The rules page, written for this app in Turkish and English (RULES.md is the specification;
// the product texts in shared/seeds were read for meaning only).
import type { Lang } from '../lib/i18n/index.ts';

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
}

const MAX_CAPTURE = 'W:Wc3,f3:Bc4,f4,f6';
const IMMEDIATE =
  'W:Wa4,h4,a3,b3,c3,d3,e3,f3,g3,h3,a2,c2,d2,f2:Bc7,h7,a6,b6,c6,d6,e6,g6,h6,a5,b5,c5,e5,g5,f4';
const NO_U_TURN = 'W:WKd4:Bb4,f4';
const PROMOTE_END = 'W:Wb6:Bb7,Kc8,e7';

const tr: Section[] = [
  {
    title: 'Tahta ve taşlar',
    paragraphs: [
      'Türk daması 8×8 tahtada, iki kişiyle oynanır ve 64 karenin hepsi kullanılır. Taşlar çapraz değil, düz çizgiler üzerinde ilerler.',
      'Her oyuncunun 16 taşı vardır. Beyaz taşlar 2. ve 3. sıraları, siyah taşlar 6. ve 7. sıraları doldurur; en arka sıralar ile ortadaki iki sıra boş başlar. Oyunu Beyaz açar, sonra sırayla oynanır.',
    ],
  },
  {
    title: 'Taşın yürüyüşü',
    paragraphs: [
      'Taş bir hamlede bir kare gider: ileriye ya da sağa, sola. Geriye ve çapraza hiç gitmez. Gideceği kare boş olmalıdır.',
    ],
  },
  {
    title: 'Almak zorunludur, en çoğu alınır',
    paragraphs: [
      'Önündeki ya da yanındaki rakip taşın hemen arkası boşsa taşın onun üstünden atlar ve onu alır. Taş geriye doğru alamaz; arka arkaya duran iki taşın üstünden de atlanamaz.',
      'Alabilen bir taşın varsa almak zorundasın. Atladığın kareden yeniden alabiliyorsan aynı hamlede devam edersin. Birkaç yol varsa en çok taş alan yolu oynamalısın; dama da taş da bir sayılır. Eşit yollardan birini sen seçersin.',
    ],
    diagram: {
      fen: MAX_CAPTURE,
      caption:
        'c3 bir taş alabilir, ama f3 iki taş alır (f4 ve f6). Bu yüzden tek yasal hamle f3xf5xf7’dir. Zorunlu alan taş tahtada parlar.',
    },
  },
  {
    title: 'Alınan taş hemen kalkar',
    paragraphs: [
      'Zincirleme almada her taş, üstünden atlandığı anda tahtadan kalkar. Böylece boşalan kareler aynı hamlenin devamında yol açar. Bir taş iki kez alınamaz.',
    ],
    diagram: {
      fen: IMMEDIATE,
      caption:
        'f3 taşı tek hamlede dört taş alır: f3xf5xd5xd7xb7. Her taş, üstünden atlandığı anda tahtadan kalkar.',
    },
  },
  {
    title: 'Dama',
    paragraphs: [
      'Rakibin en arka sırasına varan taş dama olur. Dama dört yöne de, düz çizgide istediği kadar boş kare gider.',
      'Dama uzaktan alır: aynı çizgide, aradaki boş karelere bakmadan tek bir rakip taşın üstünden atlar ve arkasındaki boş karelerden birine iner. Zincirleme alırken sağa ya da sola dönebilir, düz devam edebilir; ama geldiği yöne geri dönemez (180° dönüş yasaktır).',
    ],
    diagram: {
      fen: NO_U_TURN,
      caption:
        'd4’teki dama b4’ü ya da f4’ü alabilir, ama ikisini birden alamaz: birini alıp geri dönmek 180° dönüş olurdu.',
    },
  },
  {
    title: 'Dama olmak',
    paragraphs: [
      'Son sıraya alarak varan taş, almaya devam edebiliyorsa taş olarak devam eder (son sırada yana doğru). Hamle son sırada biterse dama olur; dama gibi oynamaya ancak bir sonraki hamlesinde başlar.',
    ],
    diagram: {
      fen: PROMOTE_END,
      caption:
        'b6 taşı b7’yi alıp b8’e varır, c8’i de yana doğru alarak d8’de durur ve ancak şimdi dama olur.',
    },
  },
  {
    title: 'Oyunun sonu',
    list: [
      'Sırası geldiğinde hiç taşı kalmayan ya da hiçbir hamle yapamayan oyuncu kaybeder.',
      'Pes eden ya da süreli oyunda süresi biten oyuncu kaybeder.',
      'Aynı konum (aynı taşlar, aynı sıra) üçüncü kez oluşursa oyun berabere biter.',
      'İki tarafta da yalnız birer dama kalırsa berabere.',
      'Art arda 25’er hamle boyunca hiç taş alınmaz ve hiçbir taş ileri gitmezse berabere (yana giden taş sayacı sıfırlamaz).',
      'Oyuncular anlaşırsa berabere. Bilgisayar, beraberlik teklifini yalnız konumu eşit ya da kendisi için kötü görürse kabul eder.',
      'Ayarlarda açılabilen kurallar: iki tarafta birer taş kalırsa, bir damaya karşı bir taş kalırsa ya da 30’ar hamle yalnız damalar oynarsa berabere.',
    ],
  },
  {
    title: 'Süre',
    paragraphs: [
      'Süresiz oynayabilirsin. Hamle başına 40 saniye seçersen, süren dolduğunda bilgisayar senin yerine bir hamle yapar ve oyun sürer. Oyun saatiyle (örneğin 5+0) süresi biten kaybeder.',
    ],
  },
  {
    title: 'Strateji ipuçları',
    list: [
      'Taşlarını birlikte ilerlet: yalnız kalan taş kolayca alınır, yan yana duran taşlar birbirini korur.',
      'Almak zorunlu olduğu için rakibine bir taş vererek onu istediğin kareye çekebilir, ardından daha çok taş alabilirsin.',
      'Arka sıranı erken boşaltma: rakibin dama olmasını zorlaştırır.',
      'Dama çok güçlüdür; bir taş fazlası karşılığında dama çıkarmak çoğu zaman iyi bir alışveriştir.',
      'Her hamleden önce sor: rakibim şimdi ne alabilir?',
    ],
  },
  {
    title: 'Sık sorulanlar',
    faq: [
      [
        'Alabileceğim halde almazsam ne olur?',
        'Bu uygulamada olmaz: alma varken yalnız alan hamleler oynanabilir.',
      ],
      [
        'İki yol aynı sayıda taş alıyorsa?',
        'Hangisini oynayacağına sen karar verirsin. İki yol aynı karede bitiyorsa, tahtada yolun duraklarına sırayla dokunarak seçersin.',
      ],
      ['Dama çapraz gidebilir mi?', 'Hayır. Türk damasında hiçbir taş çapraz gitmez.'],
      ['Taş geriye alabilir mi?', 'Hayır; taş yalnız ileriye ve yana alır. Dama her yöne alır.'],
      [
        'Tutulan taş oynanır mı?',
        'İstersen: Ayarlar’da “Elle tutulan oynanır” kuralını açarsan, dokunduğun taşı oynamak zorundasın.',
      ],
    ],
  },
];

const en: Section[] = [
  {
    title: 'Board and pieces',
    paragraphs: [
      'Turkish draughts is played by two on an 8×8 board, and all 64 squares are used. Pieces move along straight lines, never diagonally.',
      'Each player has 16 men. White fills ranks 2 and 3, Black ranks 6 and 7; the back ranks and the two middle ranks start empty. White moves first, then the players take turns.',
    ],
  },
  {
    title: 'How a man moves',
    paragraphs: [
      'A man moves one square forward, left or right, onto an empty square. Never backward, never diagonally.',
    ],
  },
  {
    title: 'Capturing is compulsory, and the most wins',
    paragraphs: [
      'A man captures an enemy piece directly in front of it or beside it by jumping to the empty square just behind it. Men never capture backward, and two pieces in a row cannot be jumped.',
      'If you can capture, you must. If the capturing piece can capture again from where it lands, the move goes on. When there are several ways, you must take the one that captures the most pieces (a king and a man count one each); between equal ways you choose.',
    ],
    diagram: {
      fen: MAX_CAPTURE,
      caption:
        'c3 could take one piece, but f3 takes two (f4 and f6), so the only legal move is f3xf5xf7. Pieces that must capture glow.',
    },
  },
  {
    title: 'Captured pieces leave at once',
    paragraphs: [
      'In a chain, each piece is removed the moment it is jumped, so the squares it leaves can open the way for the rest of the same move. No piece can be taken twice.',
    ],
    diagram: {
      fen: IMMEDIATE,
      caption:
        'The man on f3 takes four pieces in one move: f3xf5xd5xd7xb7. Each is lifted the moment it is jumped.',
    },
  },
  {
    title: 'Kings',
    paragraphs: [
      'A man that reaches the far rank becomes a king. A king moves any number of empty squares in a straight line, in all four directions.',
      'A king captures from a distance: along a line it jumps exactly one enemy piece and lands on any empty square beyond it. During a chain it may go straight on or turn left or right, but it may not turn back the way it came (no 180° turns).',
    ],
    diagram: {
      fen: NO_U_TURN,
      caption:
        'The king on d4 can take b4 or f4, but not both: taking one and coming back for the other would be a 180° turn.',
    },
  },
  {
    title: 'Becoming a king',
    paragraphs: [
      'A man that reaches the far rank in the middle of a capture and can capture again goes on as a man (sideways along that rank). It becomes a king only if the move ends there, and moves as a king from its next turn.',
    ],
    diagram: {
      fen: PROMOTE_END,
      caption:
        'The man on b6 takes b7 and reaches b8, takes c8 sideways, stops on d8, and only now becomes a king.',
    },
  },
  {
    title: 'The end of the game',
    list: [
      'A player with no pieces, or no legal move, at their turn loses.',
      'A player who resigns, or whose clock runs out in a timed game, loses.',
      'The same position (same pieces, same side to move) for the third time is a draw.',
      'One king against one king is a draw.',
      '25 moves by each side in a row without a capture and without a man moving forward is a draw (sideways man moves do not count as progress).',
      'A draw by agreement. The computer accepts your offer only when it judges the position level or worse for itself.',
      'Rules you can switch on in Settings: one piece each, a king against a man, or 30 moves each with only kings moving, is a draw.',
    ],
  },
  {
    title: 'Time',
    paragraphs: [
      'You can play without a clock. With 40 seconds per move, when your time runs out the computer plays a move for you and the game goes on. With a game clock (say 5+0), whoever runs out of time loses.',
    ],
  },
  {
    title: 'Strategy tips',
    list: [
      'Advance your men together: a lone man is easy prey, neighbours protect each other.',
      'Because capturing is compulsory, giving one man away can pull an enemy piece where you want it, and win you more.',
      'Keep your back rank for a while: it makes it harder for your opponent to crown a king.',
      'Kings are very strong; a man for a king is usually a good trade.',
      'Before every move, ask: what can my opponent capture now?',
    ],
  },
  {
    title: 'Common questions',
    faq: [
      [
        'What if I do not capture when I can?',
        'Here you cannot: while a capture exists, only capturing moves can be played.',
      ],
      [
        'What if two ways capture the same number?',
        'You choose. If both end on the same square, tap the stops of the route you want, one after another.',
      ],
      ['Can a king move diagonally?', 'No. In Turkish draughts nothing moves diagonally.'],
      [
        'Can a man capture backward?',
        'No; men capture forward and sideways only. Kings capture in every direction.',
      ],
      [
        'Must I move a piece I touched?',
        'Only if you want that rule: switch on “touch-move” in Settings and a touched piece must be played.',
      ],
    ],
  },
];

export const rulesContent = (lang: Lang): Section[] => (lang === 'tr' ? tr : en);
