// The checks every reader of stored or received values uses.

/** A plain object (not null, not an array): the rules core's one definition. */
export { isObject } from '@dama/core';

/** One of the strings of `list`. */
export const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);
