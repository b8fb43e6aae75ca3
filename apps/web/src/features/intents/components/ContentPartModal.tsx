import { useState } from 'react';
import { Button, Form, Input, Modal, Radio, Select, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { RECOMMEND_CONTENT_TYPES } from '@xueban/contract/constants/chat';
import type { RecommendPart } from '@xueban/contract/chat';
import { INTENT_LIMITS, RECOMMEND_TYPE_LABEL, type IntentContentItem, type IntentItem } from '@xueban/contract/intents';
import { MSG } from '@xueban/contract/messages';
import { showSuccess } from '../../../lib/toast.ts';
import { useSaveIntentContent } from '../api/save-intent-content.ts';
import { uploadAnnex, type AnnexFile } from '../api/upload-annex.ts';

type PartType = RecommendPart['content_type'];
interface Values { content_type: PartType; text?: string; url?: string; title?: string; intent_id?: number }

/**
 * 添加 / 编辑推荐内容: one part of four types — 文本, 链接 (title and http(s) address), 附件 (an
 * uploaded file), 意图 (another intent the user can ask next). Render it keyed by the part edited.
 */
export function ContentPartModal({ open, intentId, part, nextSort, intents, onClose }: {
  open: boolean;
  intentId: number;
  part: IntentContentItem | null | undefined;
  nextSort: number;
  /** Intents a has_intent part may point to (the intent itself excluded). */
  intents: IntentItem[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveIntentContent();
  const type = Form.useWatch('content_type', form) ?? 'text';
  const c0 = part?.content ?? {};
  // Mounted per edit (the page keys it), so the state starts from the part being edited.
  const [annex, setAnnex] = useState<AnnexFile | null>(() =>
    part?.content_type === 'annex' && c0.url
      ? ((c0.list?.[0] as AnnexFile | undefined) ?? { id: 0, name: c0.title ?? '附件', url: c0.url, size: 0, filetype: '', type: '', hash: '' })
      : null);
  const [uploading, setUploading] = useState(false);
  const initialValues: Values = { content_type: part?.content_type ?? 'text', text: c0.content, url: c0.url, title: c0.title, intent_id: c0.intent?.id };

  const submit = async () => {
    const v = await form.validateFields();
    const content: RecommendPart['content'] =
      v.content_type === 'text' ? { content: v.text?.trim() ?? '' }
      : v.content_type === 'link' ? { url: v.url?.trim() ?? '', title: v.title?.trim() || v.url?.trim() || '' }
      : v.content_type === 'annex' ? { url: annex?.url ?? '', title: v.title?.trim() || annex?.name || '', list: annex ? [annex] : [] }
      : { intent: { id: v.intent_id ?? 0 } };
    if (v.content_type === 'annex' && !annex) {
      form.setFields([{ name: 'url', errors: [MSG.intentContentAnnexRequired] }]);
      return;
    }
    await save.mutateAsync({ id: part?.id, intent_id: intentId, sort: part?.sort ?? nextSort, content_type: v.content_type, content });
    showSuccess(part ? MSG.updated : MSG.created);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={part ? '编辑推荐内容' : '添加推荐内容'}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: uploading }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initialValues}>
        <Form.Item name="content_type" label="内容类型">
          <Radio.Group optionType="button" options={RECOMMEND_CONTENT_TYPES.map((t) => ({ value: t, label: RECOMMEND_TYPE_LABEL[t] }))} />
        </Form.Item>
        {type === 'text' && (
          <Form.Item name="text" label="推荐文本" rules={[{ required: true, whitespace: true, message: MSG.intentContentTextRequired }]}>
            <Input.TextArea maxLength={INTENT_LIMITS.textMax} showCount autoSize={{ minRows: 4, maxRows: 10 }} />
          </Form.Item>
        )}
        {type === 'link' && (
          <>
            <Form.Item name="title" label="链接标题">
              <Input maxLength={INTENT_LIMITS.titleMax} placeholder="如：学校校历" />
            </Form.Item>
            <Form.Item
              name="url"
              label="链接地址"
              rules={[{ required: true, pattern: /^https?:\/\/\S+$/i, message: MSG.intentContentLinkInvalid }]}
            >
              <Input maxLength={INTENT_LIMITS.urlMax} placeholder="https://" />
            </Form.Item>
          </>
        )}
        {type === 'annex' && (
          <>
            <Form.Item name="url" label="附件" required>
              <Upload
                maxCount={1}
                fileList={annex ? [{ uid: String(annex.id || annex.url), name: annex.name, status: 'done', url: annex.url }] : []}
                customRequest={({ file, onSuccess, onError }) => {
                  setUploading(true);
                  uploadAnnex(file as File)
                    .then((stored) => {
                      setAnnex(stored);
                      form.setFields([{ name: 'url', errors: [] }]);
                      if (!form.getFieldValue('title')) form.setFieldValue('title', stored.name);
                      onSuccess?.(stored);
                    })
                    .catch((e: unknown) => onError?.(e as Error))
                    .finally(() => setUploading(false));
                }}
                onRemove={() => { setAnnex(null); }}
              >
                <Button icon={<UploadOutlined />} loading={uploading}>{annex ? '重新上传' : '上传附件'}</Button>
              </Upload>
            </Form.Item>
            <Form.Item name="title" label="附件名称">
              <Input maxLength={INTENT_LIMITS.titleMax} />
            </Form.Item>
          </>
        )}
        {type === 'has_intent' && (
          <Form.Item name="intent_id" label="推荐意图" rules={[{ required: true, message: MSG.intentContentIntentRequired }]}>
            <Select
              showSearch
              optionFilterProp="label"
              placeholder="选择同一分类中的意图"
              options={intents.filter((i) => i.id !== intentId).map((i) => ({ value: i.id, label: i.name }))}
              notFoundContent="暂无其他意图"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
