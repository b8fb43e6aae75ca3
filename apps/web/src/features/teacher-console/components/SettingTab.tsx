import { useEffect } from 'react';
import { Button, Card, Form, Input, Radio, Space, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { INSTRUCTIONS_MAX, TUTORING_MODES, TUTORING_MODE_LABELS, type TutoringMode } from '@xueban/contract/constants/teaching-console';
import { showSuccess } from '../../../lib/toast.ts';
import { saveTeacherSetting, settingKey, useTeacherSetting } from '../api/teacher-setting.ts';

const MODE_HINTS: Record<TutoringMode, string> = {
  direct: '直接给出完整的答案和解释。',
  guide: '不直接给出最终答案，用启发性的问题一步步引导学生自己思考。',
  cite: '每个论断都引用课程教材（机器人的知识库）并标注出处。',
};

interface Values { tutoring_mode: TutoringMode; instructions: string }

/**
 * 设置 (setting): the teacher's own instructions added to the robot's prompt and the tutoring mode,
 * for the students of the classes this teacher leads on this robot only.
 */
export function SettingTab({ robotId }: { robotId: number }) {
  const qc = useQueryClient();
  const setting = useTeacherSetting(robotId);
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (setting.data) form.setFieldsValue(setting.data);
  }, [setting.data, form]);
  if (setting.isPending) return <Spin />;
  const save = async (v: Values) => {
    const saved = await saveTeacherSetting(robotId, { tutoring_mode: v.tutoring_mode, instructions: v.instructions ?? '' });
    qc.setQueryData(settingKey(robotId), saved);
    showSuccess('设置已保存');
  };
  return (
    <Card>
      <Typography.Paragraph type="secondary">
        这里的设置只对你所带班级的学生在本机器人中的对话生效，不影响其他老师的班级和其他用户。
      </Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" initialValues={setting.data} onFinish={(v) => void save(v)} style={{ maxWidth: 720 }}>
        <Form.Item name="tutoring_mode" label="辅导模式">
          <Radio.Group>
            <Space direction="vertical">
              {TUTORING_MODES.map((m) => (
                <Radio key={m} value={m}>
                  <span>{TUTORING_MODE_LABELS[m]}</span><Typography.Text type="secondary" style={{ marginLeft: 8 }}>{MODE_HINTS[m]}</Typography.Text>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="instructions" label="补充说明" extra="会加入机器人的提示词，例如：多用生活中的例子；回答控制在 200 字以内。">
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={INSTRUCTIONS_MAX} showCount placeholder="写给机器人的补充说明" />
        </Form.Item>
        <Button type="primary" htmlType="submit">保存</Button>
      </Form>
    </Card>
  );
}
