import { Button, Card, Space, Tag, message } from 'antd';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { AUDIT, type ReleaseTarget } from '@xueban/contract/constants/robots';
import { useReleaseRobot } from '../../api/release-robot.ts';
import type { Review, RobotDesign } from '@xueban/contract/robots';

const TARGETS: [ReleaseTarget, string][] = [['square', '机器人广场'], ['template', '模板库']];

function ReviewTag({ review, released }: { review: Review | null | undefined; released: boolean }) {
  if (released || review?.status === AUDIT.APPROVED) return <Tag color="success">已发布</Tag>;
  if (review?.status === AUDIT.PENDING) return <Tag color="processing">审核中</Tag>;
  if (review?.status === AUDIT.REJECTED) return <Tag color="error">未通过{review.reason ? `：${review.reason}` : ''}</Tag>;
  return <Tag>未发布</Tag>;
}

/** 发布: ask to publish to the robot square or the template library, and the review's state. */
export function ReleaseTab({ robot }: { robot: RobotDesign }) {
  const release = useReleaseRobot();
  const released = (t: ReleaseTarget) => (t === 'square' ? robot.is_public === 1 : robot.is_template);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {TARGETS.map(([target, label]) => {
        const review = robot.public_review?.[target];
        const busy = released(target) || review?.status === AUDIT.PENDING;
        return (
          <Card key={target} size="small" title={`发布到${label}`} extra={<ReviewTag review={review} released={released(target)} />}>
            <Button
              type="primary"
              disabled={busy}
              loading={release.isPending && release.variables?.target === target}
              onClick={() => release.mutate({ id: robot.id, target }, {
                onSuccess: () => void message.success(MSG.applyPending, LIMITS.timeouts.successToastMs / 1000),
              })}
            >
              申请发布到{label}
            </Button>
          </Card>
        );
      })}
    </Space>
  );
}
