// Types of the layer rule (eslint-layers.js), for the TypeScript that imports it (its test).
import type { ESLint } from 'eslint';

export declare const LAYERS: Record<string, string[]>;
export declare const TOOL_LAYERS: Record<string, string[]>;
export declare const SCREENS: Record<string, { root: string; shared: string; shell: string; base: string[] }>;
declare const plugin: ESLint.Plugin & { rules: { layers: import('eslint').Rule.RuleModule } };
export default plugin;
