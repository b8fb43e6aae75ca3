import { MSG } from '@xueban/contract/messages';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { tooMany } from '../../lib/errors.ts';
import { ProgressSaver } from './reply-store.ts';

/** How often a growing reply is saved (how much a crash can lose, and what a reload mid-answer shows). */
const SAVE_EVERY_MS = 1000;

/** This process among the nodes of one database (moved to lib/, where the job heartbeat uses it too). */
export { nodeName } from '../../lib/node-name.ts';

/**
 * Open streams per user and per organisation (the asker's current one), counted in this process:
 * each holds a model connection and its share of the saves, so one account (or one school) cannot
 * take a node's capacity. A later issue counts them in Redis, across nodes.
 */
class StreamSlots {
  private readonly users = new Map<number, number>();
  private readonly groups = new Map<number, number>();
  constructor(private readonly perUser: number, private readonly perGroup: number) {}

  /** A slot for the caller, or 429 (nothing is stored); the function returned gives it back, once. */
  take(me: AuthContext): () => void {
    const mine = this.users.get(me.userId) ?? 0;
    if (mine >= this.perUser) throw tooMany(MSG.chatStreamsPerUser);
    const group = me.groupId || null;
    const ours = group === null ? 0 : this.groups.get(group) ?? 0;
    if (ours >= this.perGroup) throw tooMany(MSG.chatStreamsPerGroup);
    this.users.set(me.userId, mine + 1);
    if (group !== null) this.groups.set(group, ours + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      release(this.users, me.userId);
      if (group !== null) release(this.groups, group);
    };
  }
}

function release(counts: Map<number, number>, id: number) {
  const left = (counts.get(id) ?? 1) - 1;
  if (left > 0) counts.set(id, left);
  else counts.delete(id);
}

/** A reply streaming on this node, as the other nodes reach it. */
export interface HeldReply {
  stop(): void;
  /** A resumed stream (any node) watches: answer it with the text so far; `watcher` names it. */
  attach?(watcher: string): void;
  /** That resumed stream's client went away too. */
  detach?(watcher: string): void;
}

/**
 * The answers this process is streaming: their slots, their batched saves, and the signal that
 * stops them at shutdown, when each saves its reply as interrupted before the server stops.
 */
export class OpenStreams {
  readonly slots: StreamSlots;
  readonly progress: ProgressSaver;
  private readonly shutdown = new AbortController();
  private readonly running = new Set<Promise<void>>();
  /** The replies streaming here, by record id: how to stop each (停止回答 sent to any node) and who resumed it. */
  private readonly held = new Map<number, HeldReply>();

  /** `node`: this process's name; its saves only land on replies it still holds (a resume may have taken one over). */
  constructor(db: Db, config: Config, node: string, onSaveError: (err: unknown) => void) {
    this.slots = new StreamSlots(config.CHAT_STREAMS_PER_USER, config.CHAT_STREAMS_PER_GROUP);
    this.progress = new ProgressSaver(db, node, SAVE_EVERY_MS, onSaveError);
  }

  get signal(): AbortSignal { return this.shutdown.signal; }

  /** Marks reply `recordId` as streaming here until the function returned is called. */
  hold(recordId: number, reply: HeldReply): () => void {
    this.held.set(recordId, reply);
    return () => {
      if (this.held.get(recordId) === reply) this.held.delete(recordId);
    };
  }

  /** Stops reply `recordId` if it streams here (a stop announced to every node: only its holder acts). */
  stop(recordId: number) {
    this.held.get(recordId)?.stop();
  }

  /** The reply streaming here, if it does (a resume's request is announced to every node: only its holder answers). */
  heldReply(recordId: number): HeldReply | undefined {
    return this.held.get(recordId);
  }

  /** Runs one stream to its end, so that close() can wait for it. */
  async track(run: Promise<void>) {
    this.running.add(run);
    try {
      await run;
    } finally {
      this.running.delete(run);
    }
  }

  async close() {
    this.shutdown.abort();
    await Promise.allSettled([...this.running]);
    this.progress.stop();
  }
}
