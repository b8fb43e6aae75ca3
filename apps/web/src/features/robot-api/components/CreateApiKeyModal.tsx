import { DatePicker, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ApiKeyKindName } from '@xueban/contract/robot-api';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { KIND_LABELS } from '../lib/snippets.ts';

interface Values { kind: ApiKeyKindName; name: string; allowed_origins: string[]; per_minute: number; per_day: number; expires?: Dayjs | null }

const HINTS: Record<ApiKeyKindName, string> = {
  api: '供学校网站后台、微信机器人或脚本调用，兼容 OpenAI 接口。',
  embed: '一行脚本在其他网站上加一个聊天气泡，访客无需登录即可提问。',
  share: '一个无需登录的对话链接，到期后失效。',
};

/** 新建密钥: the kind, a name, allowed origins (browser use), limits and an expiry. */
export function CreateApiKeyModal({ robotId, open, onClose, onCreated }: {
  robotId: number; open: boolean; onClose: () => void; onCreated: (kind: ApiKeyKindName, secret: string) => void;
}) {
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'api';
  const create = useCreateApiKey(robotId);

  const submit = async () => {
    // A field that fails shows its message under itself.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const made = await create.mutateAsync({
        kind: v.kind, name: v.name, allowed_origins: v.kind === 'share' ? [] : v.allowed_origins ?? [],
        per_minute: v.per_minute, per_day: v.per_day, expire_time: v.expires ? v.expires.endOf('day').unix() : null,
      });
      form.resetFields();
      onCreated(v.kind, made.secret);
    } catch {
      // the request layer has shown the server's reason
    }
  };

  return (
    <Modal title="新建密钥" open={open} onCancel={onClose} onOk={() => void submit()} okText="创建" cancelText="取消" confirmLoading={create.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ kind: 'api', per_minute: 20, per_day: 1000, allowed_origins: [] }}>
        <Form.Item name="kind" label="类型" extra={HINTS[kind]}>
          <Radio.Group optionType="button" options={(Object.keys(KIND_LABELS) as ApiKeyKindName[]).map((k) => ({ value: k, label: KIND_LABELS[k] }))} />
        </Form.Item>
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请输入密钥名称' }, { max: 30, message: '密钥名称在30个字以内' }]}>
          <Input placeholder="例如：学校官网、微信机器人" maxLength={30} />
        </Form.Item>
        {kind !== 'share' && (
          <Form.Item
            name="allowed_origins" label="允许的来源"
            extra={kind === 'embed' ? '可以嵌入聊天气泡的网站，例如 https://www.school.edu.cn' : '浏览器中调用时允许的网站；留空表示只允许服务器调用'}
            rules={kind === 'embed' ? [{ required: true, type: 'array', min: 1, message: '嵌入网页至少要填写一个允许的来源' }] : []}
          >
            <Select mode="tags" placeholder="输入网址后按回车，如 https://www.school.edu.cn" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />
          </Form.Item>
        )}
        <Form.Item label={kind === 'api' ? '提问上限（整个密钥）' : '提问上限（每位访客）'} style={{ marginBottom: 0 }}>
          <Form.Item name="per_minute" style={{ display: 'inline-block', marginRight: 16 }} rules={[{ required: true, message: '请填写每分钟上限' }]}>
            <InputNumber min={1} max={10000} precision={0} addonAfter="次/分钟" aria-label="每分钟提问上限" />
          </Form.Item>
          <Form.Item name="per_day" style={{ display: 'inline-block' }} rules={[{ required: true, message: '请填写每天上限' }]}>
            <InputNumber min={1} max={1000000} precision={0} addonAfter="次/天" aria-label="每天提问上限" />
          </Form.Item>
        </Form.Item>
        <Form.Item name="expires" label="有效期至" extra="留空表示长期有效">
          <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} placeholder="选择日期" style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
