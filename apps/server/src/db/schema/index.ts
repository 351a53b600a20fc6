export * from './users';
export * from './categories';
export * from './products';
export * from './favorites';
export * from './sales';
export * from './reviews';
export * from './notifications';
export * from './chat';
