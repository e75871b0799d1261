// The daily puzzle screen: mount `PuzzlePage` (see README.md in this folder).
export { PuzzlePage, loadPuzzles, type PuzzlePageProps } from './page.tsx';
export { PuzzleCtrl } from './ctrl.ts';
export { PUZZLE_KEY } from './store.ts';
