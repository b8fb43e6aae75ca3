import { useState } from 'react';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CourseNode } from '@xueban/contract/courses';
import { MSG } from '@xueban/contract/messages';
import { showSuccess } from '../../../lib/toast.ts';
import { useSaveNode } from '../api/save-node.ts';
import { NodeFiles, type EditedFile } from './NodeFiles.tsx';

interface Values { title: string; content: string; questions: string[] }

/** The side panel of the directory editor: one node's title, text (Markdown), files and robot question set. */
export function NodeEditorPanel({ node }: { node: CourseNode }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveNode(node.plan_id);
  const [files, setFiles] = useState<EditedFile[]>(
    node.files.map((f) => ({ name: f.name, url: f.url, size: f.size, is_main_file: f.extra.is_main_file })),
  );
  return (
    <Form
      form={form}
      name={`course-node-${node.id}`}
      layout="vertical"
      aria-label="编辑课时"
      initialValues={{ title: node.title, content: node.content, questions: node.questions }}
      onFinish={(v) => save.mutate(
        { id: node.id, plan_id: node.plan_id, pid: node.pid, title: v.title, content: v.content ?? '', files, questions: (v.questions ?? []).filter((q) => q?.trim()) },
        { onSuccess: () => showSuccess(MSG.updated) },
      )}
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>{node.level === 1 ? '章节' : '课时'}设置</Typography.Title>
      <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请输入标题' }, { max: 50, message: '标题在50个字以内' }]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="content" label="课时内容" extra="支持 Markdown；学生提问时，机器人会参考这里的内容。">
        <Input.TextArea rows={8} maxLength={50_000} placeholder="输入这一课时的讲解内容" />
      </Form.Item>
      <Form.Item label="课时文件">
        <NodeFiles value={files} onChange={setFiles} />
      </Form.Item>
      <Form.Item label="机器人问题集" extra="学生学习这一课时时可以向机器人提的问题。">
        <Form.List name="questions">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((f) => (
                <Flex key={f.key} gap={8}>
                  <Form.Item name={f.name} noStyle><Input placeholder="例如：这首诗表达了什么感情？" maxLength={200} aria-label="问题" /></Form.Item>
                  <Button icon={<DeleteOutlined />} aria-label="删除问题" onClick={() => remove(f.name)} />
                </Flex>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} disabled={fields.length >= 20}>添加问题</Button>
            </Flex>
          )}
        </Form.List>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>保存</Button>
    </Form>
  );
}
