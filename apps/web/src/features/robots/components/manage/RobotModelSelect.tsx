import { Form, Select } from 'antd';
import type { ModelCapability, RobotModelOption } from '@xueban/contract/ai-models';
import { MSG } from '@xueban/contract/messages';
import { useRobotModel, useSetRobotModel } from '../../api/robot-model.ts';
import { showSuccess } from '../../../../lib/toast.ts';

/** 0 stands for "the platform's choice" (null on the wire): Select cannot hold null as a value. */
const DEFAULT = 0;

const optionsFor = (models: RobotModelOption[], cap: ModelCapability, defaultText: string) => [
  { value: DEFAULT, label: defaultText },
  ...models.filter((m) => m.capabilities.includes(cap)).map((m) => ({ value: m.id, label: `${m.label}（${m.model}）` })),
];

/**
 * 模型 in the robot's 设置 tab: which model answers this robot, and which one thinks for 深度思考.
 * Only creators and cooperators change it (`readOnly` for the rest).
 */
export function RobotModelSelect({ robotId, readOnly = false }: { robotId: number; readOnly?: boolean }) {
  const info = useRobotModel(robotId);
  const set = useSetRobotModel(robotId);
  const models = info.data?.models ?? [];
  const fallback = models.find((m) => m.is_default);
  const change = (field: 'chat_model_id' | 'reasoning_model_id', v: number) =>
    set.mutate({ [field]: v === DEFAULT ? null : v }, {
      onSuccess: () => showSuccess(MSG.updated),
    });
  const select = (field: 'chat_model_id' | 'reasoning_model_id', label: string, cap: ModelCapability, defaultText: string) => (
    <Form.Item label={label}>
      <Select
        aria-label={label}
        style={{ maxWidth: 360 }}
        loading={info.isPending || set.isPending}
        disabled={readOnly || info.isPending}
        value={info.data?.[field] ?? DEFAULT}
        options={optionsFor(models, cap, defaultText)}
        onChange={(v: number) => change(field, v)}
      />
    </Form.Item>
  );
  return (
    <>
      {select('chat_model_id', '对话模型', 'chat', fallback ? `默认（${fallback.label}）` : models.length ? '默认' : '默认（内置引擎）')}
      {select('reasoning_model_id', '深度思考模型', 'reasoning', '自动选择')}
    </>
  );
}
