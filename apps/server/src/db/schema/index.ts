export * from './users';
export * from './ledger';
