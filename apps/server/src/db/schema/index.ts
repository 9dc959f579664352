export * from './users';
export * from './ledger';
export * from './catalog';
export * from './payments';
export * from './orders';
export * from './staff';
export * from './accounts';
export * from './delivery';
