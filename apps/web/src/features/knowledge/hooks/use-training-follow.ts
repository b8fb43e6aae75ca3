import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTrainingTasks } from '../api/get-training-tasks.ts';
import { kbDetailKey, kbDocsKey, kbListKey } from '../../../lib/queries/knowledge-keys.ts';
import { isTraining } from '../lib/training.ts';

/**
 * Follows a knowledge base's training from its page, whichever tab is open: knowledge/trainingtasks
 * is polled while anything is queued or training, and each answer refreshes the document list and
 * the base's counts (分段 grows as documents finish); the last one, when training settles, also
 * refreshes the list of bases.
 */
export function useTrainingFollow(repositoryId: number) {
  const tasks = useTrainingTasks(repositoryId);
  const qc = useQueryClient();
  const training = isTraining(tasks.data);
  const wasTraining = useRef(false);
  useEffect(() => {
    if (!tasks.data) return;
    if (training || wasTraining.current) {
      void qc.invalidateQueries({ queryKey: kbDocsKey });
      void qc.invalidateQueries({ queryKey: kbDetailKey });
    }
    if (!training && wasTraining.current) void qc.invalidateQueries({ queryKey: kbListKey });
    wasTraining.current = training;
  }, [tasks.data, tasks.dataUpdatedAt, training, qc]);
  return tasks;
}
