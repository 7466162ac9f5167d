// The direction of imports (README, "Design"), checked by `npm run lint` with dependency-cruiser:
//   main → app → features → (runtime, http, db, adapters, lib) → config
// A feature reaches another only through that feature's public file: its service.ts or index.ts.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import circles make the order of start-up and the owner of a name unclear.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'lower-layers-import-no-feature',
      severity: 'error',
      comment: 'runtime, http, db, adapters, lib and config sit beneath the features and know none of them.',
      from: { path: '^src/(runtime|http|db|adapters|lib)/|^src/config\\.ts$' },
      to: { path: '^src/features/' },
    },
    {
      name: 'feature-through-public-file',
      severity: 'error',
      comment:
        'A feature uses another only through its public file (service.ts or index.ts), never its routes, schemas, presenter or queries.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/[^/]+/', pathNot: ['^src/features/$1/', '^src/features/[^/]+/(service|index)\\.ts$'] },
    },
    {
      name: 'routes-hold-no-sql',
      severity: 'error',
      comment: 'Routes validate, guard, call a service and present: no query builder in a route file.',
      from: { path: '^src/features/.+/(routes|[a-z-]+-routes)\\.ts$' },
      to: { path: '^(node_modules/)?kysely(/|$)|^src/db/(connection|prepared|batched-transaction|claim)\\.ts$' },
    },
    {
      name: 'routes-call-services',
      severity: 'error',
      comment: "A route calls its feature's services, never its queries (README, Design: queries); a type from them is fine.",
      from: { path: '^src/features/.+/(routes|[a-z-]+-routes)\\.ts$' },
      to: { path: '^src/features/[^/]+/queries(\\.ts$|/)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'runtime-below-http',
      severity: 'error',
      comment: 'The runtime serves HTTP and the CLI alike: it imports nothing of the HTTP layer.',
      from: { path: '^src/runtime/' },
      to: { path: '^src/http/' },
    },
    {
      name: 'lib-at-the-bottom',
      severity: 'error',
      comment: 'lib holds small pure helpers: it imports no other layer of the service.',
      from: { path: '^src/lib/' },
      to: { path: '^src/(runtime|http|db|adapters|features|cli)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.js'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
