import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GroupManage } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';
import { reloadSession } from '../../../lib/session.ts';
import { orgKey } from './org-settings.ts';

/** POST /api/uc/GroupManage/addSubGroup {name}: the admin administers it too (it appears in 切换组织). */
export const addSubGroup = (name: string) => call(GroupManage.addSubGroup, { name });
export function useAddSubGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSubGroup,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orgKey });
      await reloadSession(queryClient);
    },
  });
}
