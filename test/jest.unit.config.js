/**
 * Unit tests on Jest 30 in ESM mode (the server is ESM: NestJS 12 ships ESM only and the code reads
 * import.meta), compiled by SWC with the server's legacy decorators and their metadata.
 * Run with NODE_OPTIONS=--experimental-vm-modules (see package.json).
 */
export default {
  rootDir: '..',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: {
    // Sources import with `.js` endings (Node's ESM rules); Jest resolves the `.ts` file.
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.tsx?$': [
      '@swc/jest',
      {
        swcrc: false,
        module: { type: 'es6' },
        jsc: {
          parser: { syntax: 'typescript', tsx: true, decorators: true },
          transform: {
            legacyDecorator: true,
            decoratorMetadata: true,
            react: { runtime: 'automatic' },
          },
          target: 'es2024',
          keepClassNames: true,
        },
      },
    ],
  },
};
