// The puzzle screen's texts, in the app's two languages. `tr` must have exactly the keys of `en`
// (the type below and messages.test.ts check it). Kept apart from the app's catalogues so that the
// puzzle screen can be added without touching them.
import type { Lang } from '../i18n/index.ts';

type Side = 'white' | 'black';

/** 1st, 2nd, 3rd, 4th … */
const ordinal = (n: number): string => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};

const days = (n: number): string => `${n} ${n === 1 ? 'day' : 'days'}`;

export const en = {
  title: 'Daily puzzle',
  /** under the home screen's card */
  homeNote: 'Win in 2 or 3 moves: a new one every day',
  archiveTitle: 'Puzzle',
  preview: 'preview',
  badgeArchive: 'archive',
  badgePractice: 'practice',
  toPlay: (side: Side, moves: number) =>
    `${side === 'white' ? 'White' : 'Black'} to play and win in ${moves} moves`,
  tabToday: 'Today',
  tabArchive: 'Archive',
  tries: 'Tries',
  triesLeft: (n: number) => (n === 0 ? 'No tries left' : `${n} ${n === 1 ? 'try' : 'tries'} left`),
  // what is happening, under the board
  statusStart: 'Find the winning move.',
  statusNext: 'Correct! Find the next move.',
  statusReply: 'Correct! Now the reply…',
  statusWrong: (move: string) => `${move} does not win. Watch the reply.`,
  statusRetry: (n: number) => `Try again from the start: ${n} ${n === 1 ? 'try' : 'tries'} left.`,
  statusFailed: 'That was the last try. Here comes the solution…',
  statusSolution: 'That is the solution.',
  statusSolved: 'Solved!',
  statusWasSolved: 'You solved this puzzle.',
  statusWasFailed: 'This one got away. The solution is on the board.',
  statusPractice: 'Practice: nothing is recorded.',
  // the end
  solvedTitle: 'Well done, solved!',
  solvedOnTry: (n: number) => `Solved on your ${ordinal(n)} try.`,
  failedTitle: 'Not this time',
  failedNote: 'Three tries are used up. Study the solution and come back tomorrow.',
  streak: 'Streak',
  best: 'Best',
  days,
  archiveNoStreak: 'Archive puzzles do not change your streak.',
  practiceNoStreak: 'Practice games are not recorded.',
  nextPuzzle: 'A new puzzle arrives at midnight, Istanbul time.',
  solution: 'Solution',
  replaySolution: 'Replay the solution',
  playAgain: 'Try it again (not counted)',
  openArchive: 'Earlier puzzles',
  backToToday: "Today's puzzle",
  home: 'Home',
  // sharing
  share: 'Share',
  shared: 'Shared.',
  copied: 'Copied. Paste it anywhere.',
  shareFailed: 'Could not copy. Select the text and copy it yourself:',
  shareSolved: (label: string, attempt: number, streak: number) =>
    `Dama daily puzzle ${label} ✅ ${ordinal(attempt)} try${streak > 0 ? ` · 🔥 ${days(streak)}` : ''}`,
  shareSolvedArchive: (label: string, attempt: number) =>
    `Dama puzzle ${label} (archive) ✅ ${ordinal(attempt)} try`,
  shareFailedText: (label: string) => `Dama daily puzzle ${label} ❌ not this time`,
  shareFailedArchive: (label: string) => `Dama puzzle ${label} (archive) ❌ not this time`,
  // archive
  archiveIntro: 'Puzzles of the past days. Playing them does not change your streak.',
  archiveEmpty: 'The archive starts filling up the day after the first puzzle.',
  olderDays: 'Older days',
  markSolved: 'Solved',
  markFailed: 'Not solved',
  markStarted: 'Started',
  markUnplayed: 'Not played yet',
  // troubles
  storeRepaired:
    'Part of your puzzle history could not be read and was left out. Your streak counts only what is certain.',
  storeReset: 'Your puzzle history could not be read, so it was set aside. Today starts afresh.',
  storeUnsaved: 'Your results cannot be saved on this device (storage is off or full).',
  bankFailed: 'The puzzles could not be loaded. Check your connection and reload.',
  loading: 'Loading the puzzle…',
  close: 'Close',
} satisfies Record<string, string | ((...args: never[]) => string)>;

/** The texts' shape: the same keys, strings or functions with the same arguments. */
export type PuzzleMessages = { [K in keyof typeof en]: (typeof en)[K] };

const gün = (n: number): string => `${n} gün`;

export const tr: PuzzleMessages = {
  title: 'Günün bulmacası',
  homeNote: '2 ya da 3 hamlede kazan: her gün yenisi',
  archiveTitle: 'Bulmaca',
  preview: 'önizleme',
  badgeArchive: 'arşiv',
  badgePractice: 'alıştırma',
  toPlay: (side, moves) => `${side === 'white' ? 'Beyaz' : 'Siyah'} oynar, ${moves} hamlede kazanır`,
  tabToday: 'Bugün',
  tabArchive: 'Arşiv',
  tries: 'Deneme hakkı',
  triesLeft: (n) => (n === 0 ? 'Deneme hakkın kalmadı' : `${n} deneme hakkın kaldı`),
  statusStart: 'Kazandıran hamleyi bul.',
  statusNext: 'Doğru! Şimdi sıradaki hamleyi bul.',
  statusReply: 'Doğru! Rakip cevap veriyor…',
  statusWrong: (move) => `${move} kazandırmıyor. Rakibin cevabına bak.`,
  statusRetry: (n) => `Baştan dene: ${n} deneme hakkın kaldı.`,
  statusFailed: 'Son hakkın da gitti. Çözüm geliyor…',
  statusSolution: 'Çözüm buydu.',
  statusSolved: 'Çözdün!',
  statusWasSolved: 'Bu bulmacayı çözdün.',
  statusWasFailed: 'Bu bulmaca çözülemedi. Çözüm tahtada.',
  statusPractice: 'Alıştırma: sonuç kaydedilmez.',
  solvedTitle: 'Tebrikler, çözdün!',
  solvedOnTry: (n) => `${n}. denemede çözdün.`,
  failedTitle: 'Bu sefer olmadı',
  failedNote: 'Üç hakkın da bitti. Çözümü incele, yarın yeni bulmacada görüşürüz.',
  streak: 'Seri',
  best: 'En iyi',
  days: gün,
  archiveNoStreak: 'Arşivdeki bulmacalar seriyi değiştirmez.',
  practiceNoStreak: 'Alıştırmalar kaydedilmez.',
  nextPuzzle: 'Yeni bulmaca İstanbul saatiyle gece yarısı gelir.',
  solution: 'Çözüm',
  replaySolution: 'Çözümü yeniden oynat',
  playAgain: 'Yeniden dene (sayılmaz)',
  openArchive: 'Önceki bulmacalar',
  backToToday: 'Günün bulmacası',
  home: 'Ana sayfa',
  share: 'Paylaş',
  shared: 'Paylaşıldı.',
  copied: 'Kopyalandı. İstediğin yere yapıştırabilirsin.',
  shareFailed: 'Kopyalanamadı. Metni seçip kendin kopyala:',
  shareSolved: (label, attempt, streak) =>
    `Dama günün bulmacası ${label} ✅ ${attempt}. denemede${streak > 0 ? ` · 🔥 ${gün(streak)}` : ''}`,
  shareSolvedArchive: (label, attempt) => `Dama bulmacası ${label} (arşiv) ✅ ${attempt}. denemede`,
  shareFailedText: (label) => `Dama günün bulmacası ${label} ❌ bu sefer olmadı`,
  shareFailedArchive: (label) => `Dama bulmacası ${label} (arşiv) ❌ bu sefer olmadı`,
  archiveIntro: 'Geçmiş günlerin bulmacaları. Bunları oynamak serini değiştirmez.',
  archiveEmpty: 'Arşiv, ilk bulmacanın ertesi günü dolmaya başlar.',
  olderDays: 'Daha eski günler',
  markSolved: 'Çözüldü',
  markFailed: 'Çözülemedi',
  markStarted: 'Yarım kaldı',
  markUnplayed: 'Henüz oynanmadı',
  storeRepaired:
    'Bulmaca geçmişinin bir kısmı okunamadı ve dışarıda bırakıldı. Serin yalnızca kesin kayıtlardan sayılır.',
  storeReset: 'Bulmaca geçmişin okunamadı, bu yüzden kenara alındı. Bugünden yeniden başlıyorsun.',
  storeUnsaved: 'Sonuçların bu cihazda kaydedilemiyor (depolama kapalı ya da dolu).',
  bankFailed: 'Bulmacalar yüklenemedi. Bağlantını kontrol edip sayfayı yenile.',
  loading: 'Bulmaca yükleniyor…',
  close: 'Kapat',
};

export const messages = (lang: Lang): PuzzleMessages => (lang === 'tr' ? tr : en);

const dateOf = (date: string): Date => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};

const locale = (lang: Lang): string => (lang === 'tr' ? 'tr-TR' : 'en-GB');

/** A date 'YYYY-MM-DD' as people read it: '30 Kasım 2026', '30 November 2026'. */
export const formatDate = (date: string, lang: Lang): string =>
  new Intl.DateTimeFormat(locale(lang), {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(dateOf(date));

/** The day of the week: 'Pazartesi', 'Monday'. */
export const weekday = (date: string, lang: Lang): string =>
  new Intl.DateTimeFormat(locale(lang), { timeZone: 'UTC', weekday: 'long' }).format(dateOf(date));

/** '#12'; before the first puzzle day (a preview) there is no number, so the date stands in. */
export const numberLabel = (number: number, date: string, lang: Lang): string =>
  number >= 1 ? `#${number}` : formatDate(date, lang);
