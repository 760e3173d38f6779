/** The whole database schema, one module per area. drizzle-kit reads this file to generate migrations. */
export * from './affiliates';
export * from './captcha';
export * from './carts';
export * from './catalogue';
export * from './companies';
export * from './invoices';
export * from './licences';
export * from './news';
export * from './payments';
export * from './platform';
export * from './reports';
export * from './sessions';
export * from './subscriptions';
export * from './tickets';
export * from './two-factor';
export * from './users';
