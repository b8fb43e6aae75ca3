import { useMutation } from '@tanstack/react-query';
import { Solution } from '@xueban/contract/calls/resources';
import { call } from '../../../lib/api.ts';

/** POST /api/ai/solution/install {id} — starts the install and answers its record (poll installStatus). */
export const installSolution = (id: number) => call(Solution.install, { id });

export const useInstallSolution = () => useMutation({ mutationFn: installSolution });
