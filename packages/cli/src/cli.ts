/** What every `dama` command shares: argument parsing and the one way to fail on bad input. */

/** Bad input from the user: the command prints `message` on one line of standard error and exits with 2. */
export class UsageError extends Error {}

export interface Args {
  /** Positional arguments, in order. */
  positional: string[];
  /** `--name value` and `--name=value` options; a flag without a value is `true`. */
  options: Map<string, string | true>;
}

/** Parse arguments; `flags` names the options that take no value. */
export function parseArgs(argv: string[], flags: string[] = []): Args {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--') && a.length > 2) {
      const eq = a.indexOf('=');
      if (eq > 0) {
        const name = a.slice(2, eq);
        // A flag takes no value: `--paths=x` is a mistake, not `--paths`.
        if (flags.includes(name)) throw new UsageError(`--${name} takes no value`);
        options.set(name, a.slice(eq + 1));
      } else if (flags.includes(a.slice(2))) options.set(a.slice(2), true);
      else {
        if (i + 1 >= argv.length) throw new UsageError(`${a} needs a value`);
        options.set(a.slice(2), argv[++i]);
      }
    } else positional.push(a);
  }
  return { positional, options };
}

/** Refuse options the command does not know, so a typo is not silently ignored. */
export function checkOptions(args: Args, known: string[]): void {
  for (const name of args.options.keys())
    if (!known.includes(name)) throw new UsageError(`unknown option --${name}`);
}

export function intArg(text: string | true | undefined, what: string, min: number, max: number): number {
  if (typeof text !== 'string' || !/^\d+$/.test(text)) throw new UsageError(`${what} must be a whole number`);
  const n = Number(text);
  if (n < min || n > max) throw new UsageError(`${what} must be between ${min} and ${max}`);
  return n;
}

export type Command = (argv: string[]) => void | Promise<void>;
