export * from './audit';
export * from './auth';
export * from './backend';
export * from './companies';
export * from './crm';
export * from './documents';
export * from './mail';
