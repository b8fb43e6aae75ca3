import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { chatRecords } from './chat.ts';
import { groups } from './groups.ts';

/**
 * The spoken answer of one exchange (voiceGenerate), cached per record. The row goes with its
 * record (and so with its conversation); the stored file is then removed by the voice sweeper,
 * which deletes every voice file no row names any more (modules/voice/voice.plugin.ts).
 */
export const voiceClips = pgTable(
  'voice_clips',
  {
    recordId: integer('record_id').primaryKey().references(() => chatRecords.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    /** The key of the audio in file storage (scene voice). */
    fileKey: text('file_key').notNull(),
    /** 'provider' or 'builtin' (espeak-ng). */
    voice: text('voice').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('voice_clips_group_idx').on(t.groupId), index('voice_clips_file_key_idx').on(t.fileKey)],
);
