export * from './api';
export * from './auth';
export * from './constants';
export * from './fields';
export * from './roles';
