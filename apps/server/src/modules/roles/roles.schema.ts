import { sql } from 'drizzle-orm';
import { boolean, integer, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auth } from '../../db/schema/namespaces';
import { permissions } from '../permissions/permissions.schema';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const roles = auth.table('roles', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull().unique(),
  title: text('title').notNull(),
  /** A partner type of spec section 3, when the role stands for one. */
  partnerType: text('partner_type'),
  canRegister: boolean('can_register').notNull().default(false),
  canEditCommissions: boolean('can_edit_commissions').notNull().default(false),
  assignOnRegistration: boolean('assign_on_registration').notNull().default(false),
  /** Users of the role must sign in with two factors (ADR 0033). */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  priority: integer('priority').notNull().default(0),
  ...timestamps,
});

export const rolePermissions = auth.table(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);
