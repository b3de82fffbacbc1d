// The entry of the reference engine's worker thread (reference-jaw.pool.ts). Node 20 does not carry the
// process's TypeScript loader into a worker thread, so the thread registers tsx itself before it loads
// the TypeScript of the worker.
import { register } from 'tsx/esm/api';

register();
await import('./reference-jaw.worker.ts');
