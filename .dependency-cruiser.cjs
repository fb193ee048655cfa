/**
 * The layer order of gridrag's src/ folders, checked by test/import-order.test.ts (`npm test`)
 * and by `npx depcruise src --config .dependency-cruiser.cjs`. A folder may import its own
 * files and any folder in an EARLIER group, never a later group and never another folder of
 * its own group: so imports point down the data flow and no two folders can form a cycle.
 * A new folder must be placed here (the test fails for a folder that is not listed).
 * Tests and __fixtures__ are left out: a test may use helpers from anywhere.
 * See ARCHITECTURE.md.
 */
const LAYERS = [
  ['redact-secrets', 'printable-text'], // text made safe to show: credentials redacted, unprintable characters escaped
  ['errors', 'safe-log'], // errors.ts: AppError, the codes and their exit codes and HTTP statuses; safe-log.ts: pino options that censor secrets, errors cut to what may be logged
  ['config', 'process-tuning'], // config.ts: the environment, validated; process-tuning.ts: the memory settings of a long command's Node process
  ['db', 'llm'], // ports with their adapters (Postgres/PGlite, OpenAI-compatible)
  ['embedder'], // embedding port (kept for retrieval over prose, issue 15)
  ['source'], // where files come from: local folders, Google Drive; the noise filter
  ['extract'], // file bytes → grids of cells
  ['tables'], // grids → detected, typed, validated tables
  ['prose'], // documents as chunks: embedding, hybrid passage search, match_documents
  ['store'], // persistence: records, tables, rows, catalog, glossary
  ['ingest'], // the per-file pipeline: format choice, naming, derived tables, profiles, chunks, drift
  ['sync'], // keeps the store in step with a source
  ['query'], // the SQL guard, views, the locked-down executor, cache, audit log
  ['agent'], // the offline planner, the LLM agent, answers with provenance
  ['app'], // the use cases every surface calls
  ['slack'], // the Slack app (Bolt), a surface the HTTP server mounts
  ['server'], // the HTTP API (gridrag serve), a surface the CLI starts
  ['cli', 'eval', 'bench'], // surfaces and tools
];

const rank = new Map(LAYERS.flatMap((group, index) => group.map((name) => [name, index])));
/** `src/<name>/…` for a folder, `src/<name>.ts` for a top-level file. */
const pathOf = (names) => `^src/(${names.join('|')})(/|\\.ts$)`;

const forbidden = [];
for (const [name, index] of rank) {
  const notBelow = [...rank].filter(([other, otherIndex]) => other !== name && otherIndex >= index).map(([other]) => other);
  if (notBelow.length === 0) continue;
  forbidden.push({
    name: `layer-${name}`,
    comment: `${name} may import only folders listed before its group in LAYERS`,
    severity: 'error',
    from: { path: pathOf([name]), pathNot: '\\.test\\.ts$|/__fixtures__/' },
    to: { path: pathOf(notBelow) },
  });
}

// The web page (web/, beside src/) runs in the browser and reaches gridrag over HTTP only.
const webOverHttp = {
  name: 'web-over-http',
  comment: 'web/ is a browser surface: it talks to gridrag over the HTTP API, never imports src/',
  severity: 'error',
  from: { path: '^web/' },
  to: { path: '^src/' },
};
forbidden.push(webOverHttp);

module.exports = {
  LAYERS,
  forbidden,
  webOverHttp,
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$|/__fixtures__/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } },
  },
};
