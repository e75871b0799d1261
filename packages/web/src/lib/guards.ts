// The checks every reader of stored or received values uses.

/** A plain object (not null), whose fields can be read. */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** One of the strings of `list`. */
export const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);
