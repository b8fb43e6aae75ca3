import { MSG } from '@xueban/contract/messages';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { useUserInfo } from '../../../lib/session.ts';
import { openLoginDialog } from '../../../lib/auth-dialogs.ts';

/**
 * Send, clear and clicks need a login (spec §5): `ensure()` is true for a logged-in user and
 * otherwise shows 您尚未登录，请先登录后再操作 with a login button (`prompt`, also shown when the
 * server says the session has ended). Render `holder` once.
 */
export function useLoginGate() {
  const { data: user } = useUserInfo();
  const [confirm, holder] = useConfirm();
  const prompt = () => confirm({ title: MSG.notLoggedIn, okText: '登录', cancelText: '取消', onOk: () => openLoginDialog() });
  const ensure = () => {
    if (user) return true;
    prompt();
    return false;
  };
  /** Runs `then` only when logged in. */
  const gate = (then: () => void) => {
    if (ensure()) then();
  };
  return { loggedIn: !!user, ensure, prompt, gate, confirm, holder };
}
