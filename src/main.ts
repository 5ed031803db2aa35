// The process's entry: a worker first gets its V8 settings (which only a new process can take), then
// the server starts (server.ts). Nothing heavier than the command line is read before that, but for
// reflect-metadata: it runs first of all, before any module of the bundle that declares decorators.
import 'reflect-metadata';
import { buildHttpNamespaceWithoutUndici } from './platform/runtime/http-module-namespace.js';
import { relaunchWithItsFlags } from './platform/runtime/node-flags.js';

relaunchWithItsFlags();
await buildHttpNamespaceWithoutUndici();
await import('./server.js');
