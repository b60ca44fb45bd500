export * from './api';
export * from './auth';
export * from './constants';
export * from './fields';
export * from './master-data';
export * from './people';
export * from './roles';
