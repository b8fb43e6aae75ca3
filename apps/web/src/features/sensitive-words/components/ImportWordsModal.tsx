import { useState } from 'react';
import { Button, Flex, Input, Modal, Select, Typography, Upload, message } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { SENSITIVE_LIMITS, type SensitiveCategory, type SensitiveSeverity } from '@xueban/contract/sensitive';
import { MB } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { useImportSensitiveWords } from '../api/import-sensitive-words.ts';
import { decodeWordFile, wordsIn } from '../lib/word-text.ts';
import { showSuccess } from '../../../lib/toast.ts';
import type { WordList } from '../api/word-list.ts';
import { CATEGORY_OPTIONS, SEVERITY_OPTIONS } from './WordClassFields.tsx';

const MAX_FILE_BYTES = 2 * MB;

/**
 * 批量导入: words typed or pasted one per line (commas work too), or read from a .txt file into
 * the same box so they can be checked before importing. The count shown is what will be sent.
 */
export function ImportWordsModal({ list, open, onClose }: { list: WordList; open: boolean; onClose: () => void }) {
  const [text, setText] = useState('');
  const [category, setCategory] = useState<SensitiveCategory>('其他');
  const [severity, setSeverity] = useState<SensitiveSeverity>('standard');
  const run = useImportSensitiveWords(list);
  const count = wordsIn(text).length;
  const tooMany = count > SENSITIVE_LIMITS.importMax;

  const close = () => {
    setText('');
    onClose();
  };

  const readFile = async (file: File) => {
    if (!/\.txt$/i.test(file.name)) return void message.error(MSG.sensitiveFileType);
    if (file.size > MAX_FILE_BYTES) return void message.error(MSG.sensitiveFileTooLarge);
    const content = decodeWordFile(await file.arrayBuffer());
    setText((t) => (t.trim() ? `${t.replace(/\s+$/, '')}\n${content}` : content));
  };

  const submit = () => {
    if (!count) return void message.error(MSG.sensitiveImportEmpty);
    if (tooMany) return void message.error(MSG.sensitiveImportTooMany);
    run.mutate({ text, category, severity }, {
      onSuccess: (r) => {
        showSuccess(`${MSG.sensitiveImportDone}：新增 ${r.added} 个，跳过 ${r.skipped} 个`);
        close();
      },
    });
  };

  return (
    <Modal
      open={open}
      title="批量导入敏感词"
      okText="导入"
      cancelText="取消"
      confirmLoading={run.isPending}
      onOk={submit}
      onCancel={close}
      destroyOnHidden
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">
          每行一个敏感词（也可用逗号分隔），一次最多 {SENSITIVE_LIMITS.importMax} 个；已存在的词会自动跳过。
        </Typography.Text>
        <Flex gap={8} align="center" wrap>
          <Typography.Text>分类</Typography.Text>
          <Select aria-label="导入分类" style={{ width: 110 }} options={CATEGORY_OPTIONS} value={category} onChange={setCategory} />
          <Typography.Text>级别</Typography.Text>
          <Select aria-label="导入级别" style={{ width: 110 }} options={SEVERITY_OPTIONS} value={severity} onChange={setSeverity} />
        </Flex>
        <Input.TextArea
          aria-label="敏感词列表"
          placeholder={'敏感词一\n敏感词二'}
          autoSize={{ minRows: 8, maxRows: 16 }}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Flex justify="space-between" align="center">
          <Upload accept=".txt,text/plain" showUploadList={false} beforeUpload={(f) => (void readFile(f), Upload.LIST_IGNORE)}>
            <Button icon={<UploadOutlined />}>选择 .txt 文件</Button>
          </Upload>
          <Typography.Text type={tooMany ? 'danger' : 'secondary'}>共 {count} 个</Typography.Text>
        </Flex>
      </Flex>
    </Modal>
  );
}
