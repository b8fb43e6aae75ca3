import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Records that documents changed in a way retrieval must see (chunks written or removed, a
 * document becoming searchable or not, renamed, deleted): the base's index_version goes up and
 * each document's log row takes that version, in ONE statement. The base row stays locked until
 * the statement's transaction commits, so versions become visible in the order they were given:
 * a reader that saw version v has seen every change up to v (search-index.ts relies on it).
 * Call it in the transaction that makes the change, or after the change committed, never before.
 */
export async function markDocumentsChanged(db: Db, documentIds: number[], kbId?: number) {
  if (!documentIds.length) return;
  const ids = JSON.stringify(documentIds);
  const base = kbId ?? sql`(select kb_id from knowledge_documents where id = ${documentIds[0]!})`;
  await db.execute(sql`
    with b as (update knowledge_bases set index_version = index_version + 1 where id = ${base} returning id, index_version)
    insert into knowledge_index_log (kb_id, document_id, version)
    select b.id, d::int, b.index_version from b, jsonb_array_elements_text(${ids}::jsonb) d
    on conflict (kb_id, document_id) do update set version = excluded.version`);
}
