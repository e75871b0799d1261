// The Learn section ("Öğren"): mount `LearnPage` (see README.md in this folder).
export { LearnPage, type LearnPageProps } from './page.tsx';
