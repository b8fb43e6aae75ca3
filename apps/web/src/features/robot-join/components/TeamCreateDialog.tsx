import { useState } from 'react';
import { Button, Form, Input, Modal, Radio, message } from 'antd';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { TEAM_CATEGORY } from '@xueban/contract/constants/robots';
import { ApiError } from '../../../lib/api.ts';
import { checkTeamName } from '../api/check-team-name.ts';
import type { SavedTeam } from '@xueban/contract/robots';
import { createTeam } from '../api/save-team.ts';
import { InviteStep } from './InviteStep.tsx';

const SUCCESS_SECONDS = LIMITS.timeouts.successToastMs / 1000;

/**
 * The team's invite link as the server gives it (the about page with invite_code and
 * from=invite), on this site when the server knows no public address.
 */
const teamInviteLink = (team: SavedTeam) => new URL(team.invite_url, window.location.origin).href;

/** 虚拟组 for team_category_id 1, otherwise 团队 (spec §5). */
export const teamLabel = (teamCategoryId: number) => (teamCategoryId === TEAM_CATEGORY.VIRTUAL_GROUP ? '虚拟组' : '团队');

/**
 * Team creation then the invite step (spec §2, §5): name required (输入团队名称), at most 15
 * characters (团队名称在15个字以内), unique per robot (团队名称不能重复, asked on blur); input
 * maxlength 20. The creator picks the type: 团队 (team_category_id 0) or 虚拟组 (1), which also
 * names the dialogue and the field.
 */
export function TeamCreateDialog({ robotId, teamCategoryId = TEAM_CATEGORY.TEAM, open, onClose }: {
  robotId: number;
  teamCategoryId?: number;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ title: string; team_category_id: number }>();
  const category = Form.useWatch('team_category_id', form) ?? teamCategoryId;
  const [team, setTeam] = useState<SavedTeam | null>(null);
  const [saving, setSaving] = useState(false);
  const label = teamLabel(team?.team_category_id ?? category);

  const uniqueName = async (_: unknown, value: string | undefined) => {
    const title = value?.trim() ?? '';
    if (!title || Array.from(title).length > LIMITS.teamName.max) return;
    try {
      await checkTeamName(robotId, title);
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'business') throw new Error(MSG.teamNameTaken);
    }
  };

  const submit = async () => {
    const { title, team_category_id } = await form.validateFields();
    setSaving(true);
    try {
      setTeam(await createTeam(robotId, title.trim(), team_category_id));
      void message.success(MSG.created, SUCCESS_SECONDS);
    } catch {
      // The request layer has shown the error.
    } finally {
      setSaving(false);
    }
  };

  const close = () => {
    setTeam(null);
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={team ? `邀请成员加入${label}` : `创建${label}`}
      okText="创建"
      confirmLoading={saving}
      // The invite step has its own button: the 创建 button, just out of loading, would keep its
      // spinner's leave animation (and "loading" in its name) into the new step.
      footer={team ? <Button type="primary" onClick={close}>完成</Button> : undefined}
      onOk={() => void submit().catch(() => {})}
      onCancel={close}
      destroyOnHidden
    >
      {team ? (
        <InviteStep url={teamInviteLink(team)} code={team.code} />
      ) : (
        <Form form={form} layout="vertical" validateTrigger="onBlur" initialValues={{ team_category_id: teamCategoryId }}>
          <Form.Item name="team_category_id" label="类型">
            <Radio.Group options={[{ value: TEAM_CATEGORY.TEAM, label: '团队' }, { value: TEAM_CATEGORY.VIRTUAL_GROUP, label: '虚拟组' }]} />
          </Form.Item>
          <Form.Item
            name="title"
            label={`${label}名称`}
            rules={[
              { required: true, whitespace: true, message: MSG.teamNameRequired },
              { validator: (_, v: string | undefined) => (Array.from(v?.trim() ?? '').length > LIMITS.teamName.max ? Promise.reject(new Error(MSG.teamNameTooLong)) : Promise.resolve()) },
              { validator: uniqueName },
            ]}
          >
            <Input maxLength={LIMITS.teamName.inputMax} placeholder={MSG.teamNameRequired} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
