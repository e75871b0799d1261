import { describe, expect, it } from 'vitest';
import { initialFiles } from './budget.ts';

describe('initialFiles', () => {
  it('follows static imports from the entries and leaves the rest out', () => {
    const files = initialFiles({
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js', imports: ['index.html'] },
      'src/rules.tsx': { file: 'assets/rules.js', imports: ['_shared.js'] },
      'worker.ts': { file: 'assets/worker.js' },
      'style.css': { file: 'assets/style.css' },
    });
    expect(files.sort()).toEqual(['assets/index.js', 'assets/shared.js']);
  });
});
