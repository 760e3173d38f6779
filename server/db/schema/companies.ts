import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Company profiles (spec §1, §6): a company account works in one of several, switched by id. */
export const companies = pgTable('companies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which accounts may work in which company, with the role permissions the switch answer carries. */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rolePermission: jsonb('role_permission').$type<Record<string, boolean>>().notNull().default({}),
    /** Access withdrawn by the company: kept for the record, no longer switchable (spec 'access-removed'). */
    removed: boolean('removed').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);
