// The analysis chunk's public face, for the app's router.
export { AnalysisPage, type AnalysisPageProps, type PlayLevel } from './page.tsx';
export type { Opening } from './ctrl.ts';
export { readReview, type Review } from './review.ts';
export { loadReview, saveReview } from './store.ts';
