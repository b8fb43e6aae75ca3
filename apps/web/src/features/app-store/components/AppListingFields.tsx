import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { APP_KIND_LABEL } from '@xueban/contract/constants/app-store';
import { useAppSources } from '../api/dev-app-sources.ts';
import { ImageListField } from './ImageListField.tsx';

export interface ListingValues {
  kind?: 'robot' | 'solution';
  robot_id?: number;
  solution_id?: number;
  name: string;
  icon: string[];
  intro: string;
  description: string;
  screenshots: string[];
  paid: boolean;
  price: number;
}

/** The form values of a listing as the calls take them: the price in 元, 0 when free. */
export const listingBody = (v: ListingValues) => ({
  name: v.name, icon: v.icon[0] ?? '', intro: v.intro ?? '', description: v.description ?? '', screenshots: v.screenshots ?? [],
  price: v.paid ? v.price : 0,
});

/** The fields of an app's listing; `withSource` adds what it packages (only when creating). */
export function AppListingFields({ withSource }: { withSource: boolean }) {
  const sources = useAppSources(withSource);
  const form = Form.useFormInstance<ListingValues>();
  const kind = Form.useWatch('kind', form);
  const paid = Form.useWatch('paid', form);
  return (
    <>
      {withSource && (
        <>
          <Form.Item name="kind" label="应用类型" rules={[{ required: true }]}>
            <Radio.Group options={(['robot', 'solution'] as const).map((k) => ({ value: k, label: APP_KIND_LABEL[k] }))} />
          </Form.Item>
          {kind === 'solution' ? (
            <Form.Item name="solution_id" label="解决方案" rules={[{ required: true, message: '请选择要打包的解决方案' }]}>
              <Select placeholder="选择解决方案" loading={sources.isLoading} notFoundContent="还没有可打包的解决方案"
                options={(sources.data?.solutions ?? []).map((s) => ({ value: s.id, label: s.name }))} />
            </Form.Item>
          ) : (
            <Form.Item name="robot_id" label="机器人" rules={[{ required: true, message: '请选择要打包的机器人' }]}>
              <Select placeholder="选择我创建的机器人" loading={sources.isLoading} notFoundContent="还没有自己创建的机器人" showSearch optionFilterProp="label"
                options={(sources.data?.robots ?? []).map((r) => ({ value: r.id, label: r.name }))} />
            </Form.Item>
          )}
        </>
      )}
      <Form.Item name="name" label="应用名称" rules={[{ required: true, whitespace: true, message: '请输入应用名称' }, { max: 30, message: '应用名称在30个字以内' }]}>
        <Input maxLength={30} placeholder="例如：高一物理助教" />
      </Form.Item>
      <Form.Item name="icon" label="图标"><ImageListField max={1} label="图标" /></Form.Item>
      <Form.Item name="intro" label="一句话介绍" rules={[{ max: 100, message: '一句话介绍在100个字以内' }]}><Input maxLength={100} /></Form.Item>
      <Form.Item name="description" label="应用介绍" rules={[{ max: 2000, message: '应用介绍在2000个字以内' }]}>
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 3, maxRows: 8 }} placeholder="适用场景、能做什么、如何使用" />
      </Form.Item>
      <Form.Item name="screenshots" label="截图（最多6张）"><ImageListField max={6} label="截图" /></Form.Item>
      <Form.Item name="paid" label="价格">
        <Radio.Group options={[{ value: false, label: '免费' }, { value: true, label: '按席位按月收费' }]} />
      </Form.Item>
      {paid && (
        <Form.Item name="price" label="每席位每月（元）" rules={[{ required: true, message: '请输入价格' }]}>
          <InputNumber min={0.01} max={99999} precision={2} step={1} addonAfter="元/席位/月" />
        </Form.Item>
      )}
    </>
  );
}

/** A listing's saved values as the form's initial values. */
export const listingInitial = (a?: { name: string; icon: string; intro: string; description: string; screenshots: string[]; price_fen: number }): ListingValues => ({
  kind: 'robot',
  name: a?.name ?? '',
  icon: a?.icon ? [a.icon] : [],
  intro: a?.intro ?? '',
  description: a?.description ?? '',
  screenshots: a?.screenshots ?? [],
  paid: (a?.price_fen ?? 0) > 0,
  price: (a?.price_fen ?? 0) / 100 || 10,
});
