import { useState } from 'react';
import { Avatar, Button, Card, Descriptions, Flex, Form, Input, Tag, Upload } from 'antd';
import { MSG } from '@xueban/contract/messages';
import { useOrgSettings } from '../api/org-settings.ts';
import { useUpdateOrg } from '../api/update-org.ts';
import { checkAvatar, uploadAvatar } from '../../../lib/upload.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { showError } from '../../../lib/api.ts';
import { orgNameRules } from '../../../lib/form-rules.ts';

/** 组织信息: name and logo (editable), tier and its end date, member count (spec §3 Group info). */
export function OrgInfoCard() {
  const info = useOrgSettings();
  const update = useUpdateOrg();
  const [editing, setEditing] = useState(false);
  const [uploading, setUploading] = useState(false);
  const g = info.data;

  const onLogo = async (file: File) => {
    const problem = checkAvatar(file);
    if (problem) return showError(problem);
    setUploading(true);
    try {
      await update.mutateAsync({ logo: await uploadAvatar(file) });
      showSuccess(MSG.updated);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card title="组织信息" loading={info.isLoading} style={{ marginBottom: 16 }}>
      {g && (
        <Flex gap={24} align="flex-start" wrap>
          <Flex vertical align="center" gap={8}>
            <Avatar shape="square" size={72} src={g.logo || undefined}>{g.name.slice(0, 1)}</Avatar>
            <Upload accept=".jpg,.jpeg,.png" showUploadList={false} beforeUpload={(f) => { void onLogo(f); return false; }}>
              <Button size="small" loading={uploading}>更换标志</Button>
            </Upload>
          </Flex>
          <div style={{ flex: 1, minWidth: 280 }}>
            {editing ? (
              <Form
                layout="inline"
                initialValues={{ name: g.name }}
                onFinish={(v: { name: string }) => update.mutate({ name: v.name }, { onSuccess: () => { showSuccess(MSG.updated); setEditing(false); } })}
              >
                <Form.Item name="name" rules={orgNameRules} validateTrigger="onBlur">
                  <Input aria-label="组织名称" maxLength={20} style={{ width: 240 }} />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={update.isPending}>保存</Button>
                <Button type="text" onClick={() => setEditing(false)}>取消</Button>
              </Form>
            ) : (
              <Descriptions column={1} size="small" items={[
                { key: 'name', label: '组织名称', children: <Flex gap={8} align="center">{g.name}<Button type="link" size="small" onClick={() => setEditing(true)}>修改</Button></Flex> },
                { key: 'tier', label: '服务版本', children: <Flex gap={8}><Tag color={g.is_vip ? 'gold' : g.vip_expire ? 'red' : 'blue'}>{g.vip_name}</Tag>{g.vip_expire ? '已到期' : g.vip_end_time_str ? `有效期至 ${g.vip_end_time_str}` : ''}</Flex> },
                { key: 'members', label: '成员人数', children: g.member_count },
                { key: 'sub', label: '类型', children: g.is_sub_group ? '子组织' : '组织' },
                { key: 'sso', label: '统一身份认证', children: g.sso_enabled ? <Tag color="green">已开启</Tag> : <Tag>未开启</Tag> },
              ]} />
            )}
          </div>
        </Flex>
      )}
    </Card>
  );
}
