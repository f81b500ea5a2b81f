export * from './auth.ts';
export * from './client.ts';
export * from './dynamo-store.ts';
export * from './entities.ts';
export * from './guards.ts';
export * from './invitations.ts';
export * as Keys from './keys.ts';
export * from './snapshots.ts';
export * from './table.ts';
