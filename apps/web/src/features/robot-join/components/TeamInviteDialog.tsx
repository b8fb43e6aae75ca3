import { useState } from 'react';
import { Avatar, Descriptions, Modal, message } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { checkTeamInvite } from '../api/check-team-invite.ts';
import { robotDetailKey } from '../api/get-robot-detail.ts';
import { operateInvite } from '../api/operate-invite.ts';
import { teamLabel } from './TeamCreateDialog.tsx';

/**
 * The team invite dialogue (spec §4) of /robot/about/{id}?invite_code=…. The server checks in
 * order (下架, 停用, 已加入, 其他团队; a bad code is 链接不存在或已失效) and the request layer
 * toasts the first failure, so nothing more is shown here. Otherwise: 同意加入该机器人？
 */
export function TeamInviteDialog({ inviteCode, robotId, onDone }: { inviteCode: string; robotId: number; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'accept' | 'reject' | null>(null);
  const invite = useQuery({
    queryKey: ['ai', 'RobotTeam', 'checkRobotTeamInvite', inviteCode],
    queryFn: ({ signal }) => checkTeamInvite(inviteCode, signal),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  const act = async (action: 'accept' | 'reject') => {
    setBusy(action);
    try {
      const result = await operateInvite(inviteCode, action);
      if (result.joined) {
        void message.success(MSG.joined, LIMITS.timeouts.successToastMs / 1000);
        await queryClient.invalidateQueries({ queryKey: robotDetailKey(result.robot_id || robotId) });
      }
      onDone();
    } catch {
      // Already toasted by the request layer.
    } finally {
      setBusy(null);
    }
  };

  const info = invite.data;
  return (
    <Modal
      open={!!info}
      title={MSG.confirmJoinRobot}
      okText="同意加入"
      cancelText="拒绝"
      okButtonProps={{ loading: busy === 'accept', disabled: busy === 'reject' }}
      cancelButtonProps={{ loading: busy === 'reject', disabled: busy === 'accept' }}
      onOk={() => void act('accept')}
      onCancel={() => void act('reject')}
      maskClosable={false}
      closable={false}
    >
      {info && (
        <Descriptions column={1} size="small">
          <Descriptions.Item label="机器人">{info.robot.name}</Descriptions.Item>
          <Descriptions.Item label={teamLabel(info.team.team_category_id)}>{info.team.title}</Descriptions.Item>
          <Descriptions.Item label="邀请人">
            <Avatar size={20} src={info.inviter.avatar || undefined} icon={<UserOutlined />} /> {info.inviter.truename}
          </Descriptions.Item>
          {info.group_name && <Descriptions.Item label="组织">{info.group_name}</Descriptions.Item>}
        </Descriptions>
      )}
    </Modal>
  );
}
