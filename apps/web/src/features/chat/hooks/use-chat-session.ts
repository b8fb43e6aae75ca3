import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionItem } from '@xueban/contract/chat';
import { historyKey } from '../api/history.ts';
import { deleteSession, saveSession, sessionsKey, useSessions } from '../api/sessions.ts';
import { stopExchange } from '../lib/run-exchange.ts';
import { chatDispatch, useChatStream } from '../stores/chat-stream.ts';

/**
 * The current session of a robot's chat (spec §4 "Sessions"): the first one is selected after
 * loading, one is created when there is none. Switching sessions stops a running answer and
 * starts the live state afresh; a session left with live messages drops its cached history so
 * coming back reads it again from the server.
 */
export function useChatSession(robotId: number, loggedIn: boolean) {
  const qc = useQueryClient();
  const sessions = useSessions(robotId, loggedIn);
  const [chosen, setChosen] = useState<{ robotId: number; id: number } | null>(null);
  const list = sessions.data?.pages.flatMap((p) => p.data) ?? [];
  const currentId = chosen?.robotId === robotId ? chosen.id : list[0]?.id;
  const current: SessionItem | undefined = list.find((s) => s.id === currentId);

  const leave = () => {
    stopExchange();
    if (currentId && useChatStream.getState().live.length) qc.removeQueries({ queryKey: historyKey(currentId) });
    chatDispatch({ type: 'reset' });
  };

  // A new robot (or leaving the page) ends what was streaming for the old one.
  useEffect(() => {
    chatDispatch({ type: 'reset' });
    return () => {
      stopExchange();
      chatDispatch({ type: 'reset' });
    };
  }, [robotId]);

  const refresh = () => qc.invalidateQueries({ queryKey: sessionsKey(robotId) });

  const create = async () => {
    const made = await saveSession({ r_id: robotId });
    leave();
    setChosen({ robotId, id: made.id });
    await refresh();
    return made;
  };

  // No session yet: make the first one (once per robot).
  const autoCreated = useRef<number | null>(null);
  /** The first session could not be made (e.g. the robot cannot be used): show the empty chat. */
  const [createFailed, setCreateFailed] = useState(false);
  const empty = loggedIn && sessions.isSuccess && list.length === 0;
  useEffect(() => {
    if (!empty || autoCreated.current === robotId) return;
    autoCreated.current = robotId;
    void create().catch(() => setCreateFailed(true));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the list turns out empty
  }, [empty, robotId]);

  const select = (id: number) => {
    if (id === currentId) return;
    leave();
    setChosen({ robotId, id });
  };

  const rename = async (s: SessionItem, name: string) => {
    await saveSession({ id: s.id, r_id: robotId, name });
    await refresh();
  };

  const remove = async (s: SessionItem) => {
    await deleteSession(s);
    const wasCurrent = s.id === currentId;
    if (wasCurrent) leave();
    autoCreated.current = null;
    await refresh();
    // The list no longer holds it: the first session becomes current (or a new one is made).
    if (wasCurrent) setChosen(null);
    qc.removeQueries({ queryKey: historyKey(s.id) });
  };

  return { sessions, list, currentId, current, createFailed, select, create, rename, remove, refresh };
}

export type ChatSessionControl = ReturnType<typeof useChatSession>;
