import { lazy, Suspense, useState } from 'react';
import type { ModalProps } from 'antd';
import { loadChunk } from '../lib/load-chunk.ts';

const Modal = lazy(() => loadChunk(() => import('antd/es/modal')));

/**
 * antd's Modal with its code loaded when first opened: answers carry several dialogues (全文,
 * HTML preview, diagram) that most readers never open. Once opened it stays mounted, so it
 * animates out like any Modal.
 */
export function LazyModal(props: ModalProps) {
  const [opened, setOpened] = useState(false);
  if (props.open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}><Modal {...props} /></Suspense> : null;
}
