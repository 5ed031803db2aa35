/**
 * Component tests of the SPA (React Testing Library in jsdom). Test files are compiled by SWC to
 * CommonJS (Jest's stable module mode); ESM-only packages still load through Node's require(esm).
 */
export default {
  rootDir: '.',
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.tsx'],
  setupFiles: ['<rootDir>/jest.globals.js'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
  moduleNameMapper: {
    // The same alias as vite.config.ts and tsconfig.json: the zod schemas shared with the server.
    '^@contracts/(.*)$': '<rootDir>/../src/contracts/$1',
    // The contracts import with `.js` endings (Node's ESM rules); Jest resolves the `.ts` file.
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.css$': '<rootDir>/src/testing/style-stub.ts',
  },
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        swcrc: false,
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
      },
    ],
  },
};
