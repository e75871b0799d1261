/**
 * `--params JSON` of the scripts that search (strength.ts, train.ts, treesize.ts, blunders.ts): a
 * partial `SearchParams`, every key one of the search's own and every value a finite number.
 */
import { DEFAULT_SEARCH_PARAMS, type SearchParams } from '@dama/engine';

/** The parsed margins (undefined without `--params`), or an error message. */
export function parseParams(text: string | undefined): Partial<SearchParams> | undefined | string {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const known = Object.keys(DEFAULT_SEARCH_PARAMS);
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    Array.isArray(parsed) ||
    Object.entries(parsed).some(
      ([k, v]) => !known.includes(k) || typeof v !== 'number' || !Number.isFinite(v),
    )
  )
    return `--params must be a JSON object of numbers with keys among ${known.join(', ')}`;
  return parsed as Partial<SearchParams>;
}

/** `parseParams` for a script: prints the error and exits with status 2. */
export function paramsOrExit(script: string, text: string | undefined): Partial<SearchParams> | undefined {
  const params = parseParams(text);
  if (typeof params === 'string') {
    console.error(`${script}: ${params}`);
    process.exit(2);
  }
  return params;
}
