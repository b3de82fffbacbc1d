export * from './auth';
export * from './common';
export * from './errors';
export * from './i18n.js';
export * from './permissions';
export * from './runtime-config';
export * from './validation';
