// Lets TypeScript accept `import '@dama/board/board.css'` (a side-effect import bundled by Vite).
export {};
