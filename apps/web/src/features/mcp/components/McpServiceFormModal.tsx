import { useEffect } from 'react';
import { Button, Form, Input, InputNumber, Radio, Space, Switch } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { mcpSaveBody, mcpHeaderSchema, type McpServiceItem } from '@xueban/contract/mcp';
import { MCP_TIMEOUT_MAX_SEC, MCP_TRANSPORT_LABELS, MCP_TRANSPORTS, type McpTransport } from '@xueban/contract/constants/mcp';
import { MSG } from '@xueban/contract/messages';
import { FormModal } from '../../../components/FormModal.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useSaveMcp } from '../api/services.ts';

interface Values {
  name: string; transport: McpTransport; url: string; timeout: number; is_platform: boolean;
  headers: { name: string; value: string }[];
}

/**
 * 新增 / 编辑 MCP 服务. Saving connects to the server and reads its tools (up to 60 s): the dialogue
 * stays open with the server's reason when it cannot. Header values come back masked; a masked
 * value left as it is keeps the stored one. Values are sent literally (no ${VAR} expansion).
 */
export function McpServiceFormModal({ editing, open, onClose, superAdmin }: { editing: McpServiceItem | null; open: boolean; onClose: () => void; superAdmin: boolean }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveMcp();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue({
        name: editing.name, transport: editing.transport, url: editing.url, timeout: editing.timeout,
        is_platform: !!editing.is_platform, headers: editing.headers,
      });
    }
  }, [open, editing, form]);

  const submit = (v: Values) => {
    const body = {
      name: v.name, transport: v.transport, url: v.url, timeout: v.timeout, headers: v.headers ?? [], is_platform: v.is_platform ? 1 : 0,
    };
    save.mutate(editing ? { ...body, id: editing.id } : body, {
      onSuccess: () => {
        showSuccess(editing ? MSG.updated : MSG.created);
        onClose();
      },
    });
  };

  return (
    <FormModal open={open} title={editing ? '编辑 MCP 服务' : '新增 MCP 服务'} name="mcp-service" form={form} saving={save.isPending} onFinish={submit} onCancel={onClose}>
      <Form.Item name="name" label="服务名称" rules={[schemaRule(mcpSaveBody.shape.name)]}>
        <Input placeholder="例如：学校课表" maxLength={50} />
      </Form.Item>
      <Form.Item name="transport" label="传输方式" initialValue="streamable_http">
        <Radio.Group options={MCP_TRANSPORTS.map((t) => ({ value: t, label: MCP_TRANSPORT_LABELS[t] }))} />
      </Form.Item>
      <Form.Item name="url" label="服务地址" rules={[schemaRule(mcpSaveBody.shape.url)]} extra="保存时将连接服务并读取工具列表（最长 60 秒）；内网地址须由运维开放">
        <Input placeholder="https://tools.example.edu.cn/mcp" maxLength={2000} />
      </Form.Item>
      <Form.List name="headers">
        {(fields, { add, remove }) => (
          <Form.Item label="请求头" extra="加密保存，列表中只显示部分内容；值按原样发送，不展开 ${变量}">
            {fields.map((field) => (
              <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                <Form.Item name={[field.name, 'name']} rules={[schemaRule(mcpHeaderSchema.shape.name)]}>
                  <Input placeholder="名称，如 Authorization" aria-label={`请求头名称${field.name + 1}`} style={{ width: 180 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'value']} rules={[schemaRule(mcpHeaderSchema.shape.value)]}>
                  <Input.Password placeholder="值" aria-label={`请求头的值${field.name + 1}`} style={{ width: 220 }} autoComplete="new-password" />
                </Form.Item>
                <MinusCircleOutlined onClick={() => remove(field.name)} aria-label="删除请求头" />
              </Space>
            ))}
            {fields.length < 20 && <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', value: '' })}>添加请求头</Button>}
          </Form.Item>
        )}
      </Form.List>
      <Form.Item name="timeout" label="工具调用超时（秒）" initialValue={60}>
        <InputNumber min={1} max={MCP_TIMEOUT_MAX_SEC} precision={0} />
      </Form.Item>
      {superAdmin && !editing && (
        <Form.Item name="is_platform" label="平台级服务" valuePropName="checked" initialValue={false} extra="开启后所有组织的机器人都可使用">
          <Switch />
        </Form.Item>
      )}
    </FormModal>
  );
}
