/**
 * Layers run one way (../shared/ARCHITECTURE.md "Layers run one way"): `npm run deps` (part of
 * `npm test`) fails on an import against them. The upstream: text, http and jobs are the floor beside
 * store; search, ai and media sit on store; main-api and login-service use them; demo sits on top.
 */
const upstream = (folder) => `^upstream/src/${folder}/`;

/**
 * The gateway, bottom to top: each entry is a top-level folder or file of gateway/src, and imports
 * only entries on the lines below its own; entries on one line import none of each other. Every
 * top-level entry is listed, so a new one has to take its place. upstream/ is the REST transport
 * (HTTP, signing, the envelope, its own errors, REST types, the main API's sections); http/ holds the
 * routes outside GraphQL (play-log beacon, media, QR codes, the web app, the GraphiQL page);
 * context.ts is what resolvers receive; schema.ts, yoga/, server.ts and main.ts put it together;
 * metrics.ts (the operator's figures) sits at the bottom beside config.ts.
 */
const GATEWAY_LAYERS = [
  // metrics.ts: the operator's figures (prom-client); the transport never imports it (it reports to an observer)
  ['config.ts', 'metrics.ts'],
  ['logger.ts'],
  ['upstream'],
  ['viewer'],
  ['userErrors.ts', 'loaders', 'ai'],
  ['play'],
  // replicas/: what gateway replicas share over Redis (viewer evictions)
  ['http', 'replicas'],
  ['context.ts'],
  ['graphql'],
  ['resolvers'],
  ['schema.ts'],
  ['yoga'],
  ['server.ts'],
  ['main.ts'],
];
const gateway = (entries) => `^gateway/src/(${entries.map((entry) => entry.replace(/\./g, '\\.')).join('|')})(/|$)`;

/** One rule per entry: it imports nothing listed above it, nor its siblings on the same line. */
const gatewayLayerRules = GATEWAY_LAYERS.flatMap((line, index) =>
  line.map((entry) => {
    const forbidden = [...line.filter((other) => other !== entry), ...GATEWAY_LAYERS.slice(index + 1).flat()];
    return {
      name: `gateway-layers-${entry.replace(/\.ts$/, '')}`,
      severity: 'error',
      comment: `gateway/src/${entry} imports only what lies below it (GATEWAY_LAYERS): not ${forbidden.join(', ')}.`,
      from: { path: gateway([entry]) },
      to: { path: gateway(forbidden) },
    };
  }),
);

/**
 * The web app, bottom to top, as the gateway's: each entry of web/src imports only entries on the
 * lines below its own. lib/ holds hooks and contexts with no UI (the login page's address, the page's
 * origin); relay/ the Relay environment; components/ the UI; routing/ the route machinery (routes
 * defined from loaders and queries, the route host keeping pages alive, the first screen's contract,
 * the mobile redirect); routes/ the pages; app/ puts them together with the site's features around a
 * visit (the centre's guard, the organisation's entry, the visit log), which routing/ is given, never
 * imports; main.tsx and entry-server.tsx start it in the browser and on the server.
 */
const WEB_LAYERS = [
  ['constants.ts', 'site.ts', 'theme.ts'],
  ['lib'],
  ['relay'],
  ['components'],
  ['routing'],
  ['routes'],
  ['app'],
  ['main.tsx', 'entry-server.tsx'],
];
const web = (entries) => `^web/src/(${entries.map((entry) => entry.replace(/\./g, '\\.')).join('|')})(/|$)`;

const webLayerRules = WEB_LAYERS.flatMap((line, index) =>
  line.map((entry) => {
    const forbidden = [...line.filter((other) => other !== entry), ...WEB_LAYERS.slice(index + 1).flat()];
    return {
      name: `web-layers-${entry.replace(/\.tsx?$/, '')}`,
      severity: 'error',
      comment: `web/src/${entry} imports only what lies below it (WEB_LAYERS): not ${forbidden.join(', ')}.`,
      from: { path: web([entry]) },
      to: { path: web(forbidden) },
    };
  }),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle between modules makes neither the floor of the other.',
      from: { path: '^(upstream|gateway)/' },
      to: { circular: true },
    },
    {
      name: 'floor-imports-nothing-above',
      severity: 'error',
      comment: 'text/, http/ and jobs/ (the job queue) are utilities: they import no part of the platform above them.',
      from: { path: `${upstream('text')}|${upstream('http')}|${upstream('jobs')}` },
      to: { path: `${upstream('(store|search|ai|media|main-api|login-service|demo)')}` },
    },
    {
      name: 'store-is-the-floor',
      severity: 'error',
      comment:
        'The store imports nothing above it: search, the AI and media receive it; the engines that read it are wired ' +
        "on top by the main API's composition root (main-api/data.ts), and the demo seeds it from above (demo/seed.ts).",
      from: { path: upstream('store') },
      to: { path: upstream('(search|ai|media|demo)') },
    },
    {
      name: 'demo-on-top',
      severity: 'error',
      comment:
        'The demo content and accounts sit on top: only the command-line entry points (upstream/cli) and the demo ' +
        'itself import demo/, never a layer the platform runs without the demo.',
      from: { path: upstream('(store|search|ai|media|main-api|login-service|http|text)') },
      to: { path: upstream('demo') },
    },
    {
      name: 'store-imports-no-server',
      severity: 'error',
      comment: 'The store is data: it knows no server, route or service.',
      from: { path: upstream('store') },
      to: { path: upstream('(main-api|login-service|http)') },
    },
    {
      name: 'engines-import-no-server',
      severity: 'error',
      comment: 'Search, the AI and media receive the store and are used by the servers, never the other way.',
      from: { path: upstream('(search|ai|media)') },
      to: { path: upstream('(main-api|login-service|demo)') },
    },
    {
      name: 'search-and-ai-apart',
      severity: 'error',
      comment: "Search does not know the AI (the AI uses search's analyser and lexicon).",
      from: { path: upstream('search') },
      to: { path: upstream('ai') },
    },
    {
      name: 'servers-apart',
      severity: 'error',
      comment: 'The main API and the login service talk over HTTP only.',
      from: { path: upstream('main-api') },
      to: { path: upstream('login-service') },
    },
    {
      name: 'login-service-apart',
      severity: 'error',
      comment: 'The login service and the main API talk over HTTP only.',
      from: { path: upstream('login-service') },
      to: { path: upstream('main-api') },
    },
    // ---- gateway ----
    {
      name: 'gateway-transport-knows-only-http',
      severity: 'error',
      comment:
        'The REST transport (gateway/src/upstream) knows HTTP, signing and its own errors: it imports nothing of the ' +
        'gateway but the configuration and the logger. What its errors mean to a client is decided above it (graphql/errors.ts).',
      from: { path: '^gateway/src/upstream/' },
      to: { path: '^gateway/src/', pathNot: `${gateway(['upstream', 'config.ts', 'logger.ts'])}` },
    },
    {
      name: 'gateway-http-outside-graphql',
      severity: 'error',
      comment:
        'The routes outside GraphQL (gateway/src/http: beacon, media, QR codes) reach no GraphQL code of ours, ' +
        'not even through another module.',
      from: { path: '^gateway/src/http/' },
      to: { path: gateway(['graphql', 'resolvers', 'schema.ts', 'yoga', 'context.ts']), reachable: true },
    },
    {
      name: 'gateway-layers-listed',
      severity: 'error',
      comment: 'Every top-level folder and file of gateway/src has its place in GATEWAY_LAYERS.',
      from: { path: '^gateway/src/', pathNot: gateway(GATEWAY_LAYERS.flat()) },
      to: {},
    },
    {
      name: 'gateway-layers-listed-too',
      severity: 'error',
      comment: 'Every top-level folder and file of gateway/src has its place in GATEWAY_LAYERS.',
      from: { path: '^gateway/src/' },
      to: { path: '^gateway/src/', pathNot: gateway(GATEWAY_LAYERS.flat()) },
    },
    ...gatewayLayerRules,
    // ---- web ----
    {
      name: 'web-layers-listed',
      severity: 'error',
      comment:
        'Every top-level folder and file of web/src has its place in WEB_LAYERS (typings and generated code aside).',
      from: { path: '^web/src/', pathNot: `${web(WEB_LAYERS.flat())}|\\.d\\.ts$` },
      to: { path: '^web/src/' },
    },
    ...webLayerRules,
    // ---- all parts ----
    {
      name: 'parts-apart',
      severity: 'error',
      comment: 'The gateway, the upstream and the web app talk over HTTP only.',
      from: { path: '^(gateway|upstream|web)/' },
      to: { path: '^(gateway|upstream|web)/', pathNot: '^$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^node_modules|__generated__|^web/dist)' },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6', 'cjs'],
  },
};
