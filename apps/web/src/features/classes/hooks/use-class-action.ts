import { useState } from 'react';
import { message } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@xueban/contract/limits';
import { classKeys } from '../api/classes-keys.ts';

/**
 * Runs one class change: while it runs `busy` is its key; on success a toast and every class
 * query refreshed; a failure was already shown by the request layer. Resolves whether it worked.
 */
export function useClassAction() {
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, action: () => Promise<unknown>, done = '操作成功') => {
    setBusy(key);
    try {
      await action();
      void message.success(done, LIMITS.timeouts.successToastMs / 1000);
      await client.invalidateQueries({ queryKey: classKeys.all });
      return true;
    } catch {
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
