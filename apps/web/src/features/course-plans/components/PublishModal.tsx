import { Empty, List, Modal, Spin, Switch, Typography } from 'antd';
import { COURSE_MSG } from '@xueban/contract/constants/courses';
import { MSG } from '@xueban/contract/messages';
import { showSuccess } from '../../../lib/toast.ts';
import { usePublishTargets } from '../api/get-publish-targets.ts';
import { usePublishPlan } from '../api/publish-plan.ts';
import { useUnpublishPlan } from '../api/unpublish-plan.ts';

/** 发布到班级: the classes the teacher leads, each with a switch; a plan published starts with every lesson locked. */
export function PublishModal({ plan, onClose }: { plan: { id: number; title: string } | null; onClose: () => void }) {
  const targets = usePublishTargets(plan?.id ?? 0, !!plan);
  const publish = usePublishPlan();
  const unpublish = useUnpublishPlan();
  const busy = publish.isPending || unpublish.isPending;
  return (
    <Modal open={!!plan} title={`发布课程：${plan?.title ?? ''}`} footer={null} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">发布后班级学生可在“资源”中看到课程；各课时默认锁定，请在教学视图中按进度解锁。</Typography.Paragraph>
      <Spin spinning={targets.isFetching}>
        {targets.data && targets.data.length === 0
          ? <Empty description="你还没有带班级，请先在教师控制台的成员页创建班级" />
          : (
            <List
              aria-label="我的班级"
              dataSource={targets.data ?? []}
              renderItem={(c) => (
                <List.Item
                  extra={(
                    <Switch
                      aria-label={`发布到${c.title}`}
                      checked={c.published}
                      loading={busy}
                      checkedChildren="已发布"
                      unCheckedChildren="未发布"
                      onChange={(on) => {
                        const b = { plan_id: plan!.id, team_id: c.team_id };
                        if (on) publish.mutate(b, { onSuccess: () => showSuccess(COURSE_MSG.published) });
                        else unpublish.mutate(b, { onSuccess: () => showSuccess(MSG.done) });
                      }}
                    />
                  )}
                >
                  <List.Item.Meta title={c.title} description={c.robot_name} />
                </List.Item>
              )}
            />
          )}
      </Spin>
    </Modal>
  );
}
