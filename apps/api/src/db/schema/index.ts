// The schema as one object for drizzle(); the tables themselves live one domain per file.
export * from './organisations.ts';
export * from './users.ts';
export * from './programmes.ts';
export * from './cohorts.ts';
export * from './habits.ts';
export * from './mood.ts';
export * from './social.ts';
export * from './organizational.ts';
export * from './outbox.ts';
export * from './notifications.ts';
export * from './versions.ts';
export * from './insights.ts';
export * from './administration.ts';
