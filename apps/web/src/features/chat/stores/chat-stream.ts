import { create } from 'zustand';
import { SEND_REENABLE_MS } from '@xueban/contract/constants/chat';
import { chatReducer, initialChatState, type ChatAction, type ChatStreamState } from '../lib/chat-reducer.ts';

interface ChatStreamStore extends ChatStreamState {
  dispatch: (a: ChatAction) => void;
}

let reenableTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The live stream state of the chat panel (one panel is on screen at a time). Entering the
 * cooldown phase (the answer closed, failed or was stopped) schedules sending again after
 * 200 ms (spec §4, §9).
 */
export const useChatStream = create<ChatStreamStore>()((set, get) => ({
  ...initialChatState,
  dispatch: (a) => {
    const before = get().phase;
    set((s) => chatReducer(s, a));
    const after = get().phase;
    if (a.type === 'reset') clearTimeout(reenableTimer);
    if (after === 'cooldown' && before !== 'cooldown') {
      clearTimeout(reenableTimer);
      reenableTimer = setTimeout(() => get().dispatch({ type: 'reenable' }), SEND_REENABLE_MS);
    }
  },
}));

export const chatDispatch = (a: ChatAction) => useChatStream.getState().dispatch(a);
