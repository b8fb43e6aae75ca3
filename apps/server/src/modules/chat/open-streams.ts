import { MSG } from '@xueban/contract/messages';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { randomUUID } from 'node:crypto';
import type { AuthContext } from '../../lib/auth.ts';
import type { Cluster } from '../../lib/redis.ts';
import { tooMany } from '../../lib/errors.ts';
import { ProgressSaver } from './progress-saver.ts';

/** How often a growing reply is saved (how much a crash can lose, and what a reload mid-answer shows). */
const SAVE_EVERY_MS = 1000;

/** This process among the nodes of one database (moved to lib/, where the job heartbeat uses it too). */
export { nodeName } from '../../lib/node-name.ts';

/** A node's leases lapse this long after its last renewal: a killed node's slots come back within it. */
const LEASE_MS = 60_000;
const RENEW_EVERY_MS = LEASE_MS / 4;

/**
 * Open streams per user and per organisation (the asker's current one): each holds a model
 * connection and its share of the saves, so one account (or one school) cannot take the
 * capacity. Counted as leases in the cluster (`deps.cluster`): with REDIS_URL across every node,
 * each node renewing its own while they stream; without it, in this process.
 */
class StreamSlots {
  /** This node's leases: holder → its keys. */
  private readonly held = new Map<string, string[]>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly cluster: Cluster, private readonly node: string, private readonly perUser: number, private readonly perGroup: number) {
    this.timer = setInterval(() => {
      for (const [holder, keys] of this.held) void cluster.renew(keys, holder, LEASE_MS).catch(() => {});
    }, RENEW_EVERY_MS).unref();
  }

  /** A slot for the caller, or 429 (nothing is stored); the function returned gives it back, once. */
  async take(me: AuthContext): Promise<() => void> {
    const keys = [`streams:user:${me.userId}`];
    const max = [this.perUser];
    if (me.groupId) {
      keys.push(`streams:group:${me.groupId}`);
      max.push(this.perGroup);
    }
    const holder = `${this.node}:${randomUUID()}`;
    const full = await this.cluster.lease(keys, max, holder, LEASE_MS);
    if (full === 0) throw tooMany(MSG.chatStreamsPerUser);
    if (full > 0) throw tooMany(MSG.chatStreamsPerGroup);
    this.held.set(holder, keys);
    return () => {
      if (!this.held.delete(holder)) return;
      void this.cluster.unlease(keys, holder).catch(() => {});
    };
  }

  stop() {
    clearInterval(this.timer);
  }
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
  constructor(db: Db, cluster: Cluster, config: Config, node: string, onSaveError: (err: unknown) => void) {
    this.slots = new StreamSlots(cluster, node, config.CHAT_STREAMS_PER_USER, config.CHAT_STREAMS_PER_GROUP);
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
    this.slots.stop();
  }
}
