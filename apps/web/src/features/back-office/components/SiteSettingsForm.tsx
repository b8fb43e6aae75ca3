import { useEffect } from 'react';
import { Button, Card, Form, Input, InputNumber, Radio, message } from 'antd';
import { MSG } from '@xueban/contract/messages';
import type { WebsiteConfig } from '@xueban/contract/platform';
import { useWebsiteConfig } from '../../../lib/website-config.ts';
import { useSaveWebsiteConfig } from '../api/save-website-config.ts';
import { ImageField } from './ImageField.tsx';

interface Values { web_title: string; web_logo: string; pc_logo: string; web_voice: '0' | '1'; register_open: '0' | '1'; trial_days: number; sales_contact: string }

const toValues = (c: WebsiteConfig): Values => ({
  web_title: c.web_title.value, web_logo: c.web_logo.value, pc_logo: c.pc_logo, web_voice: c.web_voice.value,
  register_open: c.register_open.value, trial_days: Number(c.trial_days.value) || 30, sales_contact: c.sales_contact.value,
});

/**
 * 基础设置: the website config every visitor's app reads at start (Setting get, value=website):
 * site name, logos, the voice view, registration and the trial new organisations get.
 */
export function SiteSettingsForm() {
  const config = useWebsiteConfig();
  const save = useSaveWebsiteConfig();
  const [form] = Form.useForm<Values>();
  const [toast, toastHolder] = message.useMessage();
  useEffect(() => { if (config.data) form.setFieldsValue(toValues(config.data)); }, [config.data, form]);
  const finish = (v: Values) => save.mutate({
    value: 'website',
    data: {
      web_title: { value: v.web_title }, web_logo: { value: v.web_logo ?? '' }, pc_logo: v.pc_logo ?? '', web_voice: { value: v.web_voice },
      register_open: { value: v.register_open }, trial_days: { value: String(v.trial_days) }, sales_contact: { value: v.sales_contact ?? '' },
    },
  }, { onSuccess: () => void toast.success(MSG.updated) });
  return (
    <Card title="网站配置" size="small">
      <Form form={form} layout="horizontal" labelCol={{ flex: '120px' }} onFinish={finish} name="site-settings" style={{ maxWidth: 720 }} disabled={!config.data}>
        <Form.Item name="web_title" label="网站名称" rules={[{ required: true, message: '请输入网站名称' }, { max: 100, message: '网站名称在100个字以内' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="web_logo" label="网站 Logo" extra="页头左上角的标志（web_logo）"><ImageField label="Logo" /></Form.Item>
        <Form.Item name="pc_logo" label="PC 端 Logo" extra="web_logo 未设置时使用（pc_logo）"><ImageField label="Logo" /></Form.Item>
        <Form.Item name="web_voice" label="语音视图" extra="开启后对话面板显示“语音视图”（web_voice）">
          <Radio.Group options={[{ value: '1', label: '开启' }, { value: '0', label: '关闭' }]} />
        </Form.Item>
        <Form.Item name="register_open" label="开放注册" extra="关闭后只能由管理员添加账号或通过邀请加入">
          <Radio.Group options={[{ value: '1', label: '开放' }, { value: '0', label: '关闭' }]} />
        </Form.Item>
        <Form.Item name="trial_days" label="默认试用天数" extra="新建组织获得的试用期">
          <InputNumber min={1} max={365} addonAfter="天" />
        </Form.Item>
        <Form.Item name="sales_contact" label="销售联系方式" extra="服务到期横幅中“联系销售”的链接或电话">
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item label=" " colon={false}><Button type="primary" htmlType="submit" loading={save.isPending}>保存</Button></Form.Item>
      </Form>
      {toastHolder}
    </Card>
  );
}
