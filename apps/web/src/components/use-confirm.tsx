import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { ModalFuncProps } from 'antd';
import { loadChunk } from '../lib/load-chunk.ts';

const ConfirmHost = lazy(() => loadChunk(() => import('./ConfirmHost.tsx')));

export type Confirm = (props: ModalFuncProps) => void;

/**
 * antd's confirm dialogue (Modal.useModal's `confirm`, in the app's theme and locale), with the
 * dialogue code loaded on the first confirm rather than with the page: pages on the first load
 * ask rarely, and antd's Modal is heavy. Render `holder` once.
 */
export function useConfirm(): [Confirm, ReactNode] {
  const [queue, setQueue] = useState<ModalFuncProps[]>([]);
  const [used, setUsed] = useState(false);
  const confirm = useCallback<Confirm>((props) => {
    setUsed(true);
    setQueue((q) => [...q, props]);
  }, []);
  const taken = useCallback(() => setQueue([]), []);
  const holder = used ? <Suspense fallback={null}><ConfirmHost queue={queue} onTaken={taken} /></Suspense> : null;
  return [confirm, holder];
}
