/**
 * The layer rule of the monorepo, checked by ESLint (`dama/layers`). Every import of a file in
 * `packages/<name>/` must be one of:
 * - a relative import that stays inside the same package;
 * - `@dama/<other>` where the README's "may import" table allows it (LAYERS below), and in a
 *   package's tools also what TOOL_LAYERS adds;
 * - a Node built-in, only in Node code (the engine-lab, cli and server packages, scripts, tests,
 *   configs);
 * - another npm package declared in that package's package.json (or, for tests, scripts and
 *   configs, in the root package.json), so that nothing works only because hoisting hides it.
 *
 * Inside a package with screens (SCREENS below: the web app's `src/`), one folder per screen over a
 * shared `lib/` and the app's shell (`app/`): a file under `lib/` imports no screen and not the shell;
 * a screen imports nothing of the shell, and another screen only through that screen's `index.ts`
 * (or `index.tsx`); the shell imports what it assembles.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

/**
 * Which workspace packages each package may import (README "Layout"); `server/wire` is one module of
 * the server (its wire format: types and constants over core's), which the web client may import.
 */
export const LAYERS = {
  core: [],
  engine: ['core'],
  'engine-lab': ['core', 'engine'],
  board: [],
  puzzle: ['core'],
  web: ['core', 'engine', 'board', 'puzzle', 'server/wire'],
  cli: ['core', 'engine', 'engine-lab', 'puzzle'],
  server: ['core', 'puzzle'],
};

/**
 * What a package's tools (tests, scripts, browser tests, configs) may import besides its LAYERS: the
 * web app's browser tests build endgame tables with the engine's lab.
 */
export const TOOL_LAYERS = {
  web: ['engine-lab'],
};

/**
 * Packages made of screens: the folder holding them, the shared folder every screen may import, the
 * shell that assembles the screens, and folders of the base stylesheets (no screen of their own).
 * Every other folder there is a screen.
 */
export const SCREENS = {
  web: { root: 'src', shared: 'lib', shell: 'app', base: ['styles'] },
};

/** Packages whose own code runs on Node. */
const NODE_PACKAGES = new Set(['engine-lab', 'cli', 'server']);

const builtins = new Set(builtinModules);
const manifests = new Map();

function declared(dir) {
  if (!manifests.has(dir)) {
    let names = new Set();
    try {
      const m = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      names = new Set(
        [m.dependencies, m.devDependencies, m.peerDependencies, m.optionalDependencies].flatMap((d) =>
          Object.keys(d ?? {}),
        ),
      );
    } catch {
      // No manifest: nothing declared.
    }
    manifests.set(dir, names);
  }
  return manifests.get(dir);
}

/** The npm package an import names: `a` of `a/b`, `@s/a` of `@s/a/b`. */
const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports respect the package layers of the monorepo' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const rel = path.relative(context.cwd, file).split(path.sep);
    if (rel[0] !== 'packages' || rel.length < 3) return {};
    const pkg = rel[1];
    const pkgDir = path.join(context.cwd, 'packages', pkg);
    const inPackage = rel.slice(2).join('/');
    // Tests, scripts, browser tests and configs are tools around the package and run on Node.
    const tool =
      /(^|\/)(test|scripts|e2e|demo)\//.test(inPackage) ||
      /\.test\.tsx?$/.test(inPackage) ||
      /\.config\.[jt]s$/.test(inPackage);
    // A package's `src/node.ts` is its Node-only entry (`@dama/engine/node`), built and type-checked apart.
    const nodeAllowed = tool || NODE_PACKAGES.has(pkg) || inPackage === 'src/node.ts';
    const allowed = [...(LAYERS[pkg] ?? []), ...((tool && TOOL_LAYERS[pkg]) || [])];

    const screens = SCREENS[pkg];
    const screensDir = screens && path.join(pkgDir, screens.root);
    /** The top folder under the screens' root of a path (undefined: not in a folder there). */
    const folderOf = (p) => {
      if (!screensDir) return undefined;
      const parts = path.relative(screensDir, p).split(path.sep);
      return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
    };
    const from = folderOf(file);
    const isScreen = (folder) =>
      folder !== undefined &&
      folder !== screens.shared &&
      folder !== screens.shell &&
      !screens.base.includes(folder);

    /** A relative import within the package, against the screens' layering. */
    function checkScreens(spec, resolved, report) {
      const to = folderOf(resolved);
      if (from === undefined || to === undefined || to === from || from === screens.shell) return;
      if (from === screens.shared) {
        if (isScreen(to) || to === screens.shell)
          report(
            `${screens.shared}/ is shared by every screen and imports none ('${spec}' is in ${to}/); move what both need into ${screens.shared}/.`,
          );
        return;
      }
      if (!isScreen(from)) return;
      if (to === screens.shell)
        report(
          `A screen imports nothing of the app's shell ('${spec}'); take what it needs as an interface of its own, passed in by ${screens.shell}/.`,
        );
      else if (isScreen(to) && !/^index\.tsx?$/.test(path.relative(path.join(screensDir, to), resolved)))
        report(
          `'${spec}' reaches into the ${to} screen; import it through ${to}/index.ts, or move what both use into ${screens.shared}/.`,
        );
    }

    function check(node, spec) {
      if (typeof spec !== 'string') return;
      const report = (message) => context.report({ node, message });
      if (spec.startsWith('.')) {
        const resolved = path.resolve(path.dirname(file), spec);
        // The tools around a package may use the repository's own tooling (scripts/chromium.ts).
        if (tool && resolved.startsWith(path.join(context.cwd, 'scripts') + path.sep)) return;
        const target = path.relative(pkgDir, resolved);
        if (target.startsWith('..'))
          report(`'${spec}' reaches outside packages/${pkg}; import the other package by its name.`);
        else if (screens) checkScreens(spec, resolved, report);
        return;
      }
      const bare = spec.startsWith('node:') ? spec.slice(5) : spec;
      if (spec.startsWith('node:') || builtins.has(packageName(bare))) {
        if (!nodeAllowed) report(`packages/${pkg} runs outside Node and may not import '${spec}'.`);
        return;
      }
      if (spec.startsWith('@dama/')) {
        const other = packageName(spec).slice(6);
        if (other !== pkg && !allowed.includes(other) && !allowed.includes(spec.slice(6)))
          report(
            `packages/${pkg} may import ${allowed.length ? allowed.join(', ') : 'no other package'}, not '${spec}'.`,
          );
        return;
      }
      if (spec.startsWith('virtual:') || spec.startsWith('/')) return;
      const name = packageName(spec);
      if (declared(pkgDir).has(name)) return;
      if (tool && declared(context.cwd).has(name)) return;
      report(`'${name}' is used by packages/${pkg} but not declared in its package.json.`);
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { layers } };
