// The entry of the scan check's worker thread (uploads.scan-check.ts). Node 20 does not carry the process's
// TypeScript loader into a worker thread, so the thread registers tsx itself before it loads the TypeScript of
// the worker.
import { register } from 'tsx/esm/api';

register();
await import('./uploads.scan-check.worker.ts');
