import { useState, type ReactNode } from 'react';
import { Button, Empty, Flex, Spin, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { classKeys } from '../api/classes-keys.ts';
import { myClassesQuery } from '../api/my-classes.ts';
import { ClassCard } from './ClassCard.tsx';

/** The dialogue that creates a class (the team dialogue of robot-join, composed in by the page). */
export type CreateClassDialog = (props: { open: boolean; onClose: () => void }) => ReactNode;

/**
 * 成员 tab of the teacher console: the classes the teacher leads on this robot (all of them for
 * its creator), each with its teachers, invite, quota, notice and roster; 创建班级 opens the
 * team dialogue.
 */
export function ConsoleMemberTab({ robotId, createDialog }: { robotId: number; createDialog?: CreateClassDialog }) {
  const classes = useQuery(myClassesQuery(robotId));
  const client = useQueryClient();
  const [creating, setCreating] = useState(false);
  const list = classes.data ?? [];
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">共 {list.length} 个班级，{list.reduce((n, c) => n + c.student_count, 0)} 名学生</Typography.Text>
        {createDialog && <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>创建班级</Button>}
      </Flex>
      {classes.isLoading ? <Spin /> : list.length === 0
        ? <Empty description="还没有班级，点击「创建班级」开始" />
        : list.map((c) => <ClassCard key={c.id} cls={c} siblings={list} />)}
      {createDialog?.({
        open: creating,
        onClose: () => {
          setCreating(false);
          void client.invalidateQueries({ queryKey: classKeys.all });
        },
      })}
    </Flex>
  );
}
