import {
  bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BindingType, DocumentStatus, DocumentType } from '@xueban/contract/knowledge';
import { files } from './files.ts';
import { groups } from './groups.ts';
import { robots } from './robots.ts';
import { users } from './users.ts';

/** A tsvector written as a literal (see ai/search-terms.ts), so the text parser and locale never touch it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * 知识库 (repository): owned by an organisation and a creator. The counters are the BM25
 * collection statistics (chunks, and their total length in terms), kept by the indexer.
 */
export const knowledgeBases = pgTable(
  'knowledge_bases',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id').notNull().references(() => users.id),
    name: text('name').notNull(),
    info: text('info').notNull().default(''),
    chunkCount: integer('chunk_count').notNull().default(0),
    termTotal: bigint('term_total', { mode: 'number' }).notNull().default(0),
    /** Bumped by every change retrieval must see (knowledge_index_log): the in-process indexes' freshness check. */
    indexVersion: bigint('index_version', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [index('knowledge_bases_group_idx').on(t.groupId)],
);

/** A document inside a knowledge base: an uploaded file, a web page, or typed/imported Q&A pairs. */
export const knowledgeDocuments = pgTable(
  'knowledge_documents',
  {
    id: serial('id').primaryKey(),
    kbId: integer('kb_id').notNull().references(() => knowledgeBases.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id').notNull().references(() => users.id),
    type: text('type').$type<DocumentType>().notNull(),
    name: text('name').notNull(),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    url: text('url').notNull().default(''),
    /** Q&A pairs typed in (a Q&A file is read at training instead). */
    qa: jsonb('qa').$type<{ question: string; answer: string }[]>().notNull().default([]),
    status: text('status').$type<DocumentStatus>().notNull().default('queued'),
    /** queued → training → ready | failed (with a reason); 0–100 while training. */
    progress: smallint('progress').notNull().default(0),
    error: text('error').notNull().default(''),
    chunkCount: integer('chunk_count').notNull().default(0),
    charCount: integer('char_count').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /** The queue job training it now (pg-boss id), to resume or cancel. */
    jobId: text('job_id'),
    ...timestamps,
  },
  (t) => [index('knowledge_documents_kb_idx').on(t.kbId, t.id), index('knowledge_documents_status_idx').on(t.status)],
);

/**
 * Chunks of a document: `seq` orders them and, with document_id, is unique, so indexing a
 * document again replaces its chunks instead of adding to them. Q&A chunks keep the question.
 */
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id').notNull().references(() => knowledgeDocuments.id, { onDelete: 'cascade' }),
    kbId: integer('kb_id').notNull().references(() => knowledgeBases.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull(),
    seq: integer('seq').notNull(),
    heading: text('heading').notNull().default(''),
    question: text('question').notNull().default(''),
    content: text('content').notNull(),
    tsv: tsvector('tsv').notNull(),
    termCount: integer('term_count').notNull(),
    /** The chunk's words as the in-process index takes them (base-index.ts indexTerms), space-separated in order: loading a base reads them instead of segmenting again. */
    indexTerms: text('index_terms').notNull().default(''),
    /** Edited by hand: kept as written. */
    edited: boolean('edited').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('knowledge_chunks_doc_seq_uq').on(t.documentId, t.seq),
    index('knowledge_chunks_kb_idx').on(t.kbId),
    index('knowledge_chunks_tsv_idx').using('gin', t.tsv),
  ],
);

/** Document frequency of each term per knowledge base: BM25's idf without counting at query time. */
export const knowledgeTerms = pgTable(
  'knowledge_terms',
  {
    kbId: integer('kb_id').notNull().references(() => knowledgeBases.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    df: integer('df').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kbId, t.term] })],
);

/**
 * The documents changed since an index version, one row per document (its latest change): the
 * in-process search indexes (modules/knowledge/search-index) reload exactly these. A row outlives
 * its document, so a deletion is seen too. Written with the base's version bump, in one statement.
 */
export const knowledgeIndexLog = pgTable(
  'knowledge_index_log',
  {
    kbId: integer('kb_id').notNull().references(() => knowledgeBases.id, { onDelete: 'cascade' }),
    documentId: integer('document_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kbId, t.documentId] }), index('knowledge_index_log_version_idx').on(t.kbId, t.version)],
);

/**
 * What a robot draws on (Robot/bindedContent): knowledge bases, intent categories, resources.
 * `status` false switches a binding off without removing it (setRobotContentStatus).
 */
export const robotContents = pgTable(
  'robot_contents',
  {
    id: serial('id').primaryKey(),
    robotId: integer('robot_id').notNull().references(() => robots.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    contentType: text('content_type').$type<BindingType>().notNull(),
    contentId: integer('content_id').notNull(),
    status: boolean('status').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('robot_contents_uq').on(t.robotId, t.contentType, t.contentId),
    index('robot_contents_content_idx').on(t.contentType, t.contentId),
  ],
);
