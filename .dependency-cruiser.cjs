/**
 * The server's layer rules (docs/architecture.md), checked by `npm run lint` (dependency-cruiser). Arrows point
 * down only: the process entries compose modules; modules use the engine, auth, adapters, lib and db; the engine
 * declares the ports it needs and never imports a module; adapters wrap outside systems and import neither the
 * engine nor a module. Tests and their helpers are not cruised: they may reach across to build what they test.
 * No two modules (folders under modules/) may import each other, however indirectly.
 */
const SERVER = '^apps/server/src/';
const ENTRIES = `${SERVER}(main|worker|app|start-up)\\.ts$`;
const TESTS = '\\.(test|fixtures)\\.ts$|/test/';

module.exports = {
  forbidden: [
    {
      name: 'engine-uses-no-module',
      comment: 'The engine declares ports (engine/pipeline/ports.ts, engine/gallery) that modules implement.',
      severity: 'error',
      from: { path: `${SERVER}engine/`, pathNot: TESTS },
      to: { path: [`${SERVER}modules/`, `${SERVER}auth/`, ENTRIES] },
    },
    {
      name: 'adapters-wrap-outside-systems-only',
      comment: 'An adapter knows its outside system and lib, not the engine, auth or a module.',
      severity: 'error',
      from: { path: `${SERVER}adapters/`, pathNot: TESTS },
      to: { path: [`${SERVER}engine/`, `${SERVER}modules/`, `${SERVER}auth/`, ENTRIES] },
    },
    {
      name: 'auth-uses-no-module',
      comment: 'Auth reaches the accounts through the port it owns (auth/ports.ts).',
      severity: 'error',
      from: { path: `${SERVER}auth/`, pathNot: TESTS },
      to: { path: [`${SERVER}modules/`, `${SERVER}engine/`, ENTRIES] },
    },
    {
      name: 'lib-and-db-are-the-floor',
      comment: 'Shared helpers and the schema import nothing above them.',
      severity: 'error',
      from: { path: [`${SERVER}lib/`, `${SERVER}db/`], pathNot: TESTS },
      to: { path: [`${SERVER}modules/`, `${SERVER}engine/`, `${SERVER}auth/`, `${SERVER}adapters/`, ENTRIES] },
    },
    {
      name: 'modules-do-not-import-entries',
      comment: 'main.ts, worker.ts and app.ts compose (start-up.ts is their common start); nothing imports them back.',
      severity: 'error',
      from: { path: `${SERVER}modules/`, pathNot: TESTS },
      to: { path: ENTRIES },
    },
    {
      name: 'no-file-cycles',
      comment: 'Files that import each other, however indirectly.',
      severity: 'error',
      from: { path: SERVER, pathNot: TESTS },
      to: { circular: true, pathNot: TESTS },
    },
    {
      name: 'no-module-cycles',
      comment: 'Two modules (folders) that import each other are one module, or share a part that belongs in lib.',
      severity: 'error',
      scope: 'folder',
      from: { path: `${SERVER}modules/` },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Production code only: tests and their helpers may reach across layers to build what they test.
    exclude: { path: 'node_modules|/dist/|\\.test\\.ts$|\\.fixtures\\.ts$|^apps/server/src/test/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
