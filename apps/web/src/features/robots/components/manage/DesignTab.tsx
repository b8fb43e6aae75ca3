import { Button, Card, Checkbox, Form, Input, Radio, Space, message } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { USE_TYPE } from '@xueban/contract/constants/robots';
import { useSaveRobot } from '../../api/save-robot.ts';
import type { RobotDesign } from '@xueban/contract/robots';
import { IndustriesField, InfoField, NameField, SceneField } from '../RobotBasicsFields.tsx';
import { ImageUploadField } from './ImageUploadField.tsx';

interface DesignValues {
  name: string; scene_id: number; info: string; avatar: string; industry_ids: number[];
  cover_url: string; introduce: string; use_type: number[];
  prologue: string; suggested_questions: string[]; suggested_questions_show_mode: 0 | 1;
}

const valuesOf = (r: RobotDesign): DesignValues => ({
  name: r.name, scene_id: r.scene_id, info: r.info, avatar: r.avatar, industry_ids: r.industry_ids,
  cover_url: r.extra.cover_url, introduce: r.extra.introduce, use_type: r.extra.use_type,
  ...r.config.onboarding_info,
});

/** 设计: name, avatar, cover, info, introduce, prologue, suggested questions, scene and use type. */
export function DesignTab({ robot }: { robot: RobotDesign }) {
  const save = useSaveRobot();
  const submit = (v: DesignValues) =>
    save.mutate({
      id: robot.id, name: v.name.trim(), scene_id: v.scene_id, info: v.info ?? '', avatar: v.avatar ?? '', industry_ids: v.industry_ids ?? [],
      extra: { cover_url: v.cover_url ?? '', introduce: v.introduce ?? '', use_type: (v.use_type ?? []) as (1 | 2)[] },
      config: { onboarding_info: {
        prologue: v.prologue ?? '',
        suggested_questions: (v.suggested_questions ?? []).map((q) => q?.trim()).filter(Boolean),
        suggested_questions_show_mode: v.suggested_questions_show_mode ?? 0,
      } },
    }, { onSuccess: () => void message.success(MSG.updated, LIMITS.timeouts.successToastMs / 1000) });

  return (
    <Form name="robot-design" layout="vertical" initialValues={valuesOf(robot)} onFinish={submit} aria-label="机器人设计" style={{ maxWidth: 720 }}>
      <Card size="small" title="基本信息" style={{ marginBottom: 16 }}>
        <Form.Item name="avatar" label="机器人头像"><ImageUploadField label="头像" kind="avatar" /></Form.Item>
        <NameField />
        <SceneField />
        <InfoField />
        <IndustriesField />
        <Form.Item name="use_type" label="使用方式">
          <Checkbox.Group options={[{ value: USE_TYPE.STUDENT, label: '学生使用' }, { value: USE_TYPE.TEACHER, label: '教师使用' }]} />
        </Form.Item>
      </Card>
      <Card size="small" title="展示" style={{ marginBottom: 16 }}>
        <Form.Item name="cover_url" label="封面"><ImageUploadField label="封面" kind="cover" /></Form.Item>
        <Form.Item name="introduce" label="机器人能力">
          <Input.TextArea placeholder="介绍机器人能做什么" maxLength={5000} autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
      </Card>
      <Card size="small" title="开场设置" style={{ marginBottom: 16 }}>
        <Form.Item name="prologue" label="开场白">
          <Input.TextArea placeholder="请输入开场白" maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.List name="suggested_questions">
          {(fields, { add, remove }) => (
            <Form.Item label="推荐问题">
              {fields.map((field) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={field.name} noStyle>
                    <Input placeholder="请输入推荐问题" maxLength={200} style={{ width: 480 }} aria-label={`推荐问题${field.name + 1}`} />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(field.name)} aria-label="删除推荐问题" />
                </Space>
              ))}
              {fields.length < 20 && <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')}>添加推荐问题</Button>}
            </Form.Item>
          )}
        </Form.List>
        <Form.Item name="suggested_questions_show_mode" label="推荐问题展示方式">
          <Radio.Group options={[{ value: 0, label: '默认展示' }, { value: 1, label: '始终展示' }]} />
        </Form.Item>
      </Card>
      <Button type="primary" htmlType="submit" loading={save.isPending}>保存</Button>
    </Form>
  );
}
