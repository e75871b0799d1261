// The words of a notification (Web Push), in Turkish and English: part of the one catalogue (en.ts
// and tr.ts take them in), and kept in a file of their own so that the service worker, which writes
// a notice from the server's data (kind, opponent, language), carries only these.

/** A name as the notice may show it: the opponent's, from the server's data. */
type Name = string | undefined;

export const pushTr = {
  pushTurnTitle: 'Sıra sende',
  pushTurnBody: (opponent: Name) => `${opponent ?? 'Rakibin'} hamlesini yaptı. Şimdi sıra sende.`,
  pushDrawTitle: 'Beraberlik teklifi',
  pushDrawBody: (opponent: Name) => `${opponent ?? 'Rakibin'} beraberlik teklif ediyor.`,
  pushTakebackTitle: 'Geri alma isteği',
  pushTakebackBody: (opponent: Name) => `${opponent ?? 'Rakibin'} son hamlesini geri almak istiyor.`,
  pushWonTitle: 'Kazandın!',
  pushLostTitle: 'Kaybettin',
  pushDrawnTitle: 'Berabere',
  pushEndTitle: 'Oyun bitti',
  pushEndBody: (opponent: Name) => (opponent ? `${opponent} ile oyunun bitti.` : 'Oyunun bitti.'),
  pushJoinedTitle: 'Arkadaşın geldi',
  pushJoinedBody: 'Arkadaşın gönderdiğin bağlantıyı açtı: oyun başladı.',
  pushOtherTitle: 'Dama',
  pushOtherBody: 'Oyunlarından birinde yeni bir gelişme var.',
};

export const pushEn: typeof pushTr = {
  pushTurnTitle: 'Your move',
  pushTurnBody: (opponent) => `${opponent ?? 'Your opponent'} has moved. It is your turn.`,
  pushDrawTitle: 'Draw offer',
  pushDrawBody: (opponent) => `${opponent ?? 'Your opponent'} offers a draw.`,
  pushTakebackTitle: 'Takeback request',
  pushTakebackBody: (opponent) => `${opponent ?? 'Your opponent'} asks to take back their last move.`,
  pushWonTitle: 'You won!',
  pushLostTitle: 'You lost',
  pushDrawnTitle: 'Draw',
  pushEndTitle: 'Game over',
  pushEndBody: (opponent) => (opponent ? `Your game against ${opponent} is over.` : 'Your game is over.'),
  pushJoinedTitle: 'Your friend is here',
  pushJoinedBody: 'Your friend opened the link you sent: the game has begun.',
  pushOtherTitle: 'Dama',
  pushOtherBody: 'Something new happened in one of your games.',
};

export type PushTexts = typeof pushTr;
