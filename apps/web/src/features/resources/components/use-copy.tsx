import { Modal } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { RESOURCE_KIND_LABEL, type ResourceKind } from '@xueban/contract/resources';
import { useCopyResource } from '../api/copy-resource.ts';
import { copiedLink } from './copied-link.ts';

/** 复制 with its answer: the copy's name, and a way to open it in my workspace. */
export function useCopy() {
  const copy = useCopyResource();
  const navigate = useNavigate();
  const [modal, holder] = Modal.useModal();
  const run = async (kind: ResourceKind, id: number) => {
    const c = await copy.mutateAsync({ kind, id });
    void modal.confirm({
      title: '已复制到我的工作台',
      icon: <CheckCircleFilled style={{ color: '#52c41a' }} />,
      content: `${RESOURCE_KIND_LABEL[c.kind]}“${c.name}”的副本已创建，可以在自己的工作台中修改，不影响原内容。`,
      okText: '前往查看',
      cancelText: '留在这里',
      onOk: () => void navigate(copiedLink(c)),
    });
  };
  return { run: (kind: ResourceKind, id: number) => void run(kind, id).catch(() => undefined), pending: copy.isPending, variables: copy.variables, holder };
}
