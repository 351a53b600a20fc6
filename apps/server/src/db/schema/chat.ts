import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { products } from './products';
import { users } from './users';

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    content: varchar('content', { length: 2000 }).notNull(),
    /** Optional product the conversation is about. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('chat_messages_not_self_ck', sql`${t.senderId} <> ${t.receiverId}`),
    index('chat_messages_pair_created_idx').on(t.senderId, t.receiverId, t.createdAt),
    index('chat_messages_receiver_sender_created_idx').on(t.receiverId, t.senderId, t.createdAt),
  ],
);
