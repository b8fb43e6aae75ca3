import { Avatar, Button, Flex, Form, Input, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@xueban/contract/uc';
import { MSG } from '@xueban/contract/messages';
import { setUserInfo } from '../../../../lib/session.ts';
import { updateProfile, useUpdateProfile, type ProfileInput } from '../../api/profile.ts';
import { checkAvatar, uploadAvatar } from '../../../../lib/upload.ts';
import { showSuccess } from '../../../../lib/toast.ts';
import { showError } from '../../../../lib/api.ts';

/** 个人资料: avatar (jpg/png, ≤ 2 MB, checked before uploading), name and nickname. */
export function ProfileTab({ user }: { user: UserInfo }) {
  const queryClient = useQueryClient();
  const update = useUpdateProfile();
  const avatar = useMutation({
    mutationFn: async (file: File) => updateProfile({ avatar: await uploadAvatar(file) }),
    onSuccess: (next) => {
      setUserInfo(queryClient, next);
      showSuccess(MSG.updated);
    },
  });

  const pick = (file: File) => {
    const problem = checkAvatar(file);
    if (problem) showError(problem);
    else avatar.mutate(file);
    // Never let antd's Upload post the file itself (the upload needs a signed policy first),
    // nor keep it in a list nobody sees.
    return Upload.LIST_IGNORE;
  };

  const save = (values: ProfileInput) => {
    update.mutate({ truename: values.truename?.trim(), name: values.name?.trim() ?? '' }, { onSuccess: () => showSuccess(MSG.updated) });
  };

  const display = user.truename || user.name;
  return (
    <>
      <Flex align="center" gap={16} style={{ marginBottom: 24 }}>
        <Avatar size={64} src={user.avatar || undefined} alt="头像">
          {display.slice(0, 1)}
        </Avatar>
        <div>
          <Upload accept=".jpg,.jpeg,.png,image/jpeg,image/png" showUploadList={false} beforeUpload={pick} disabled={avatar.isPending}>
            <Button icon={<UploadOutlined />} loading={avatar.isPending}>
              更换头像
            </Button>
          </Upload>
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6, fontSize: 12 }}>
            支持 jpg、png 格式，大小不超过 2M
          </Typography.Text>
        </div>
      </Flex>
      <Form layout="vertical" requiredMark={false} initialValues={{ truename: user.truename, name: user.name }} onFinish={save}>
        <Form.Item name="truename" label="姓名" rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}>
          <Input maxLength={30} autoComplete="name" />
        </Form.Item>
        <Form.Item name="name" label="昵称">
          <Input maxLength={30} placeholder="选填" autoComplete="nickname" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          保存
        </Button>
      </Form>
    </>
  );
}
