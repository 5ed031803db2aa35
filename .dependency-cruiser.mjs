/**
 * Boundaries checked by `npm run lint` (dependency-cruiser):
 * - a module reaches another module only through that module's public surface, `src/modules/<m>/index.ts`;
 * - `src/platform` (cross-cutting code) never depends on `src/modules`;
 * - a web feature imports neither another feature nor `web/src/app`;
 * - no import circle runs through a module or a web feature.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'module-public-surface',
      severity: 'error',
      comment:
        'A module may use another module only through its index.ts (the commands, queries, events and ' +
        'contracts it offers). Export what you need there, or send a command or query instead.',
      from: { path: '^src/modules/([^/]+)/' },
      to: {
        path: '^src/modules/[^/]+/',
        pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'composition-root-public-surface',
      severity: 'error',
      comment:
        'The root composition (app.module, main) imports modules through their index.ts only.',
      from: { path: '^src/[^/]+\\.ts$' },
      to: { path: '^src/modules/[^/]+/', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'platform-not-to-modules',
      severity: 'error',
      comment:
        'src/platform is cross-cutting and knows no module: let the module register itself ' +
        '(a provider, an onModuleInit hook) instead.',
      from: { path: '^src/platform/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle through a module or web feature: one side must stop knowing the other. A ' +
        'module that answers others (e-mail, route access) implements a port of src/platform instead ' +
        '(see platform/mail and platform/auth), and the others depend on the port.',
      from: { path: '^(src/modules|web/src/features)/' },
      to: { circular: true },
    },
    {
      name: 'web-feature-isolation',
      severity: 'error',
      comment:
        'Web features do not import each other or the app shell: move shared code to ' +
        'web/src/components or web/src/lib.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: ['^web/src/features/', '^web/src/app/'], pathNot: '^web/src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.build)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
